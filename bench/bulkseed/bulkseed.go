package bulkseed

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"social/core/domain"
)

// Password is the password of every bulk member, so that benchmarks
// (and people) can sign in as any of them.
const Password = "Senha1234"

// Bulk members are recognised by these: handles membro_000123, e-mails
// membro_000123@exemplo.com.br.
const (
	bulkHandleFormat = "membro_%06d"
	bulkEmailDomain  = "@exemplo.com.br"
)

// ErrMembersExist refuses a second bulk load into the same database.
var ErrMembersExist = errors.New("bulk members (membro_NNNNNN) already exist; use a fresh database")

// Options describes a generated data set for benchmarks. The same Seed
// and Now give the same data.
type Options struct {
	Profiles int
	Posts    int
	// FollowsPerProfile is the average: each member follows a number drawn
	// from a skewed (log-normal) distribution around it, so a few follow
	// hundreds and many only a handful.
	FollowsPerProfile int
	Seed              uint64
	// TimelineDepth is how many rows of each member's 'Seguindo' timeline
	// to write (0: none).
	TimelineDepth int
	// PullAbove is timelines.pull_above_followers: an author with more followers is
	// pulled, their posts in no follower's timeline (0: nobody is).
	PullAbove int
	// PasswordHash is Password hashed once, shared by every member:
	// one Argon2id per member would take longer than the whole load.
	PasswordHash string
	Now          time.Time
	// Progress, when set, hears each stage's rows as they are sent.
	Progress func(stage string, done, total int)
	// IndexesAfter drops the loaded tables' secondary indexes and foreign
	// keys before the rows and makes them again after, faster for millions
	// of rows. Meanwhile the tables are the load's alone: no one can read
	// them until it commits. For a database nothing else is using.
	IndexesAfter bool
}

// Result counts what was written.
type Result struct {
	Profiles, Posts, Follows, Likes, PostHashtags, Comments, Timelines int
}

// Stage names reported to Progress.
const (
	StageProfiles = "perfis"
	StagePosts    = "posts"
	StageFollows  = "seguidores"
	StageLikes    = "curtidas"
	StageHashtags = "hashtags"
	StageComments = "comentarios"
	StageCounters = "contadores"
	StageIndexes  = "indices"
)

// Run loads the data set with COPY, streaming rows as they are
// generated, in one transaction: a failure leaves nothing behind, and the
// check for an earlier load runs under an advisory lock in that same
// transaction. post_count, follower_count, following_count and usage_count
// are computed in SQL from the loaded rows, so they equal them by
// construction; like_count is written with each post from the likes
// generated for it.
func Run(ctx context.Context, pool *pgxpool.Pool, opt Options) (Result, error) {
	if opt.Profiles < 1 || opt.Posts < 0 || opt.FollowsPerProfile < 0 {
		return Result{}, errors.New("bulk seed: --profiles must be at least 1, --posts and --follows-per-profile at least 0")
	}
	if opt.FollowsPerProfile > opt.Profiles-1 {
		return Result{}, fmt.Errorf("bulk seed: --follows-per-profile %d needs at least %d profiles",
			opt.FollowsPerProfile, opt.FollowsPerProfile+1)
	}
	if opt.Progress == nil {
		opt.Progress = func(string, int, int) {}
	}
	g := &bulkGen{opt: opt, rng: rand.New(rand.NewPCG(opt.Seed, 0x5eed)), now: opt.Now.UTC().Truncate(time.Millisecond)}
	var res Result
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT pg_advisory_xact_lock(hashtext('social.bulk_seed')),
			EXISTS (SELECT 1 FROM profiles WHERE handle LIKE 'membro\_%')
			OR EXISTS (SELECT 1 FROM accounts WHERE lower(email) LIKE 'membro\_%' || $1)`,
			bulkEmailDomain).Scan(nil, &exists); err != nil {
			return fmt.Errorf("check earlier bulk load: %w", err)
		}
		if exists {
			return ErrMembersExist
		}
		steps := []func(context.Context, pgx.Tx, *Result) error{
			g.loadMembers, g.loadPosts, g.loadFollows, g.loadLikes, g.loadComments, g.loadHashtags, g.loadTimelines,
			g.setCounters,
		}
		var deferred []deferredPart
		if opt.IndexesAfter {
			var err error
			if deferred, err = dropDeferredParts(ctx, tx); err != nil {
				return err
			}
		}
		for _, step := range steps {
			if err := step(ctx, tx, &res); err != nil {
				return err
			}
		}
		if len(deferred) == 0 {
			return nil
		}
		opt.Progress(StageIndexes, 0, len(deferred))
		return makeDeferredParts(ctx, tx, deferred, func(done int) { opt.Progress(StageIndexes, done, len(deferred)) })
	})
	if err != nil {
		return Result{}, err
	}
	// Fresh statistics, so that the first benchmark queries get real plans.
	if _, err := pool.Exec(ctx, `ANALYZE accounts, profiles, posts, follows, likes, comments, hashtags, post_hashtags, timelines`); err != nil {
		return res, fmt.Errorf("analyze: %w", err)
	}
	return res, nil
}

// bulkGen generates the rows. Everything random comes from rng, in a fixed
// order, so a seed always gives the same data set.
type bulkGen struct {
	opt      Options
	rng      *rand.Rand
	now      time.Time
	members  []uuid.UUID
	joined   []time.Time
	postIDs  []uuid.UUID
	postAt   []time.Time
	authors  []int
	public   []bool
	postTags map[int][]string
	likes    []bulkLike
	comments []bulkComment
	// following is each member's followees, by index.
	following [][]int
}

// bulkLike is one like: a post and a member, by index.
type bulkLike struct {
	post, member int
	at           time.Time
}

// id is a UUIDv7 for time at, its random bits from the seed: IDs keep the
// time order the application's own IDs have.
func (g *bulkGen) id(at time.Time) uuid.UUID {
	var u uuid.UUID
	ms := uint64(at.UnixMilli())
	binary.BigEndian.PutUint64(u[8:], g.rng.Uint64())
	binary.BigEndian.PutUint16(u[6:], uint16(g.rng.Uint32()))
	u[0], u[1], u[2], u[3], u[4], u[5] = byte(ms>>40), byte(ms>>32), byte(ms>>24), byte(ms>>16), byte(ms>>8), byte(ms)
	u[6] = u[6]&0x0f | 0x70
	u[8] = u[8]&0x3f | 0x80
	return u
}

// between is a time uniformly in [from, to).
func (g *bulkGen) between(from, to time.Time) time.Time {
	span := to.Sub(from)
	if span <= 0 {
		return from
	}
	return from.Add(time.Duration(g.rng.Int64N(int64(span)))).Truncate(time.Millisecond)
}

// pick is a random element of list.
func pick[T any](g *bulkGen, list []T) T { return list[g.rng.IntN(len(list))] }

// member is a random member index; popular bounds how skewed it is toward
// the first members (1: uniform), so a few members post and get followed a
// lot, as on a real network.
func (g *bulkGen) member(popular float64) int {
	return int(float64(len(g.members)) * math.Pow(g.rng.Float64(), popular))
}

// copyRows streams n rows of table through COPY, reporting every 1% or so.
func copyRows(ctx context.Context, tx pgx.Tx, stage, table string, cols []string, n int, row func(i int) []any,
	progress func(string, int, int)) error {
	step := max(n/100, 1)
	i := 0
	progress(stage, 0, n)
	_, err := tx.CopyFrom(ctx, pgx.Identifier{table}, cols, pgx.CopyFromFunc(func() ([]any, error) {
		if i == n {
			return nil, nil
		}
		r := row(i)
		i++
		if i%step == 0 || i == n {
			progress(stage, i, n)
		}
		return r, nil
	}))
	if err != nil {
		return fmt.Errorf("copy %s: %w", table, err)
	}
	return nil
}

func (g *bulkGen) loadMembers(ctx context.Context, tx pgx.Tx, res *Result) error {
	n := g.opt.Profiles
	g.members, g.joined = make([]uuid.UUID, n), make([]time.Time, n)
	// Members joined 60 to 31 days ago, in handle order, before any post.
	start, end := g.now.Add(-60*24*time.Hour), g.now.Add(-31*24*time.Hour)
	type profile struct {
		name          string
		bio, location *string
		verified      bool
	}
	profiles := make([]profile, n)
	for i := range n {
		at := start.Add(time.Duration(int64(end.Sub(start)) / int64(n) * int64(i))).Truncate(time.Millisecond)
		g.members[i], g.joined[i] = g.id(at), at
		p := profile{name: pick(g, bulkFirstNames) + " " + pick(g, bulkLastNames), verified: g.rng.IntN(100) == 0}
		if g.rng.IntN(10) < 7 {
			b := pick(g, bulkBios)
			p.bio = &b
		}
		if g.rng.IntN(2) == 0 {
			l := pick(g, bulkCities)
			p.location = &l
		}
		profiles[i] = p
	}
	err := copyRows(ctx, tx, StageProfiles, "accounts",
		[]string{"id", "email", "password_hash", "role", "confirmed_at", "created_at", "updated_at"}, n,
		func(i int) []any {
			at := g.joined[i]
			return []any{g.members[i], fmt.Sprintf(bulkHandleFormat, i+1) + bulkEmailDomain, g.opt.PasswordHash,
				string(domain.RoleMember), at, at, at}
		}, func(string, int, int) {})
	if err != nil {
		return err
	}
	err = copyRows(ctx, tx, StageProfiles, "profiles",
		[]string{"id", "handle", "display_name", "bio", "location", "is_verified", "created_at", "updated_at"}, n,
		func(i int) []any {
			p, at := profiles[i], g.joined[i]
			return []any{g.members[i], fmt.Sprintf(bulkHandleFormat, i+1), p.name, p.bio, p.location, p.verified, at, at}
		}, g.opt.Progress)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE bulk_members (id uuid PRIMARY KEY) ON COMMIT DROP`); err != nil {
		return err
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"bulk_members"}, []string{"id"},
		pgx.CopyFromSlice(n, func(i int) ([]any, error) { return []any{g.members[i]}, nil })); err != nil {
		return fmt.Errorf("copy bulk_members: %w", err)
	}
	res.Profiles = n
	return nil
}

func (g *bulkGen) loadPosts(ctx context.Context, tx pgx.Tx, res *Result) error {
	n := g.opt.Posts
	g.postIDs, g.postAt, g.authors, g.public = make([]uuid.UUID, n), make([]time.Time, n), make([]int, n), make([]bool, n)
	g.postTags = map[int][]string{}
	from := g.now.Add(-30 * 24 * time.Hour)
	seen := map[int]bool{}
	err := copyRows(ctx, tx, StagePosts, "posts",
		[]string{"id", "author_id", "text_content", "type", "visibility", "created_at", "updated_at", "like_count",
			"comment_count"}, n,
		func(i int) []any {
			at := g.between(from, g.now)
			g.postIDs[i], g.postAt[i], g.authors[i] = g.id(at), at, g.member(2)
			g.public[i] = g.rng.IntN(10) != 0
			vis := domain.VisibilityPublic
			if !g.public[i] {
				vis = domain.VisibilityFriendsOnly
			}
			text := g.text()
			if tags := domain.Hashtags(text); len(tags) > 0 {
				g.postTags[i] = tags
			}
			likes, comments := 0, 0
			if g.public[i] {
				likes = g.likesOf(i, seen)
				comments = g.commentsOf(i)
			}
			return []any{g.postIDs[i], g.members[g.authors[i]], text, string(domain.PostText), string(vis), at, at, likes,
				comments}
		}, g.opt.Progress)
	res.Posts = n
	return err
}

// text is one post: a sentence, sometimes a second one, some hashtags,
// sometimes a link, at most 280 characters.
func (g *bulkGen) text() string {
	var b strings.Builder
	b.WriteString(pick(g, bulkSentences))
	if g.rng.IntN(3) == 0 {
		b.WriteString(" " + pick(g, bulkSentences))
	}
	if g.rng.IntN(5) < 3 {
		first := g.rng.IntN(len(bulkHashtags))
		for j := range 1 + g.rng.IntN(3) {
			// Tags 7 apart in the list: never the same one twice in a post.
			b.WriteString(" #" + bulkHashtags[(first+j*7)%len(bulkHashtags)])
		}
	}
	if g.rng.IntN(7) == 0 {
		b.WriteString(" " + fmt.Sprintf(pick(g, bulkLinks), g.rng.IntN(5000)+1))
	}
	s := b.String()
	for utf8.RuneCountInString(s) > domain.PostMaxRunes {
		s = s[:strings.LastIndexByte(s, ' ')]
	}
	return s
}

func (g *bulkGen) loadFollows(ctx context.Context, tx pgx.Tx, res *Result) error {
	degrees, total := g.outDegrees()
	g.following = make([][]int, len(g.members))
	from := g.now.Add(-30 * 24 * time.Hour)
	var targets []int
	seen := map[int]bool{}
	follower, used := -1, 0
	err := copyRows(ctx, tx, StageFollows, "follows",
		[]string{"id", "follower_id", "following_id", "created_at"}, total,
		func(int) []any {
			for follower < 0 || used == len(targets) {
				follower++
				targets, used = g.distinct(follower, degrees[follower], seen), 0
				g.following[follower] = targets
			}
			at := g.between(from, g.now)
			used++
			return []any{g.id(at), g.members[follower], g.members[targets[used-1]], at}
		}, g.opt.Progress)
	res.Follows = total
	return err
}

// outDegrees is how many members each member follows: log-normal around
// FollowsPerProfile (sigma 1: the median is about 60% of the mean, one in
// fifty follows five times the mean), at most everyone else. Without
// spread to draw from (every member follows every other), all get K.
func (g *bulkGen) outDegrees() ([]int, int) {
	n, k := g.opt.Profiles, g.opt.FollowsPerProfile
	degrees, total := make([]int, n), 0
	for i := range degrees {
		d := k
		if k > 0 && k < n-1 {
			const sigma = 1.0
			d = int(math.Round(math.Exp(math.Log(float64(k)) - sigma*sigma/2 + sigma*g.rng.NormFloat64())))
			d = min(max(d, 1), n-1)
		}
		degrees[i] = d
		total += d
	}
	return degrees, total
}

// distinct is k different members other than self: the first member
// first, then mostly the popular ones, some at random; uniform without
// repeats when k is most of them. Every member follows the first one, as
// nearly everyone follows a network's best-known account: its posts are
// the largest fan-out there is, one timeline row per member.
func (g *bulkGen) distinct(self, k int, seen map[int]bool) []int {
	clear(seen)
	out := make([]int, 0, k)
	n := len(g.members)
	if self != 0 && k > 0 {
		seen[0] = true
		out = append(out, 0)
	}
	if k*2 > n-1 {
		for _, j := range g.rng.Perm(n) {
			if len(out) == k {
				break
			}
			if j != self && !seen[j] {
				out = append(out, j)
			}
		}
		return out
	}
	for len(out) < k {
		j := g.member(2)
		if g.rng.IntN(2) == 0 {
			j = g.rng.IntN(n)
		}
		if j != self && !seen[j] {
			seen[j] = true
			out = append(out, j)
		}
	}
	return out
}

// likesOf gives public post i a few likes (mostly 0 to 3, a few more)
// from distinct members, after the post was made, and counts them: the
// rows are written by loadLikes, the count with the post, so like_count
// equals the rows without rewriting every post afterwards.
func (g *bulkGen) likesOf(i int, seen map[int]bool) int {
	n := min(int(-math.Log(1-g.rng.Float64())*1.5), 40, len(g.members))
	clear(seen)
	for len(seen) < n {
		m := g.rng.IntN(len(g.members))
		if !seen[m] {
			seen[m] = true
			g.likes = append(g.likes, bulkLike{post: i, member: m, at: g.between(g.postAt[i], g.now)})
		}
	}
	return n
}

// bulkComment is one comment: a post and its commenter, by index.
type bulkComment struct {
	post, member int
	at           time.Time
	text         string
}

// commentsOf gives public post i a few comments (most none, about one in
// four posts some), after the post was made, and counts them like likesOf.
func (g *bulkGen) commentsOf(i int) int {
	n := min(int(-math.Log(1-g.rng.Float64())*0.7), 20)
	for range n {
		g.comments = append(g.comments, bulkComment{post: i, member: g.rng.IntN(len(g.members)),
			at: g.between(g.postAt[i], g.now), text: pick(g, bulkComments)})
	}
	return n
}

func (g *bulkGen) loadComments(ctx context.Context, tx pgx.Tx, res *Result) error {
	err := copyRows(ctx, tx, StageComments, "comments", []string{"id", "post_id", "author_id", "text_content", "created_at"},
		len(g.comments), func(i int) []any {
			c := g.comments[i]
			return []any{g.id(c.at), g.postIDs[c.post], g.members[c.member], c.text, c.at}
		}, g.opt.Progress)
	res.Comments = len(g.comments)
	return err
}

func (g *bulkGen) loadLikes(ctx context.Context, tx pgx.Tx, res *Result) error {
	err := copyRows(ctx, tx, StageLikes, "likes", []string{"post_id", "user_id", "created_at"}, len(g.likes),
		func(i int) []any { l := g.likes[i]; return []any{g.postIDs[l.post], g.members[l.member], l.at} }, g.opt.Progress)
	res.Likes = len(g.likes)
	return err
}

// hashtags links posts to their tags through a staging table: the tags may
// already exist (other members' posts), and their IDs are the database's.
func (g *bulkGen) loadHashtags(ctx context.Context, tx pgx.Tx, res *Result) error {
	type link struct {
		post uuid.UUID
		tag  string
	}
	var links []link
	for i := range g.postIDs {
		for _, t := range g.postTags[i] {
			links = append(links, link{g.postIDs[i], t})
		}
	}
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE bulk_post_tags (post_id uuid NOT NULL, tag text NOT NULL) ON COMMIT DROP`); err != nil {
		return err
	}
	if err := copyRows(ctx, tx, StageHashtags, "bulk_post_tags", []string{"post_id", "tag"}, len(links),
		func(i int) []any { return []any{links[i].post, links[i].tag} }, g.opt.Progress); err != nil {
		return err
	}
	for _, q := range []string{
		`INSERT INTO hashtags (tag) SELECT DISTINCT tag FROM bulk_post_tags ORDER BY tag ON CONFLICT (tag) DO NOTHING`,
		`INSERT INTO post_hashtags (post_id, hashtag_id) SELECT b.post_id, h.id FROM bulk_post_tags b JOIN hashtags h USING (tag)`,
	} {
		if _, err := tx.Exec(ctx, q); err != nil {
			return fmt.Errorf("hashtags: %w", err)
		}
	}
	res.PostHashtags = len(links)
	return nil
}

// setCounters sets the profiles' and hashtags' counters from the rows
// themselves (like_count went in with the posts).
func (g *bulkGen) setCounters(ctx context.Context, tx pgx.Tx, _ *Result) error {
	g.opt.Progress(StageCounters, 0, 1)
	for _, q := range []string{
		`UPDATE profiles p SET post_count = coalesce(pc.n, 0), follower_count = coalesce(fr.n, 0),
			following_count = coalesce(fg.n, 0)
		FROM bulk_members b
		LEFT JOIN (SELECT author_id, count(*) AS n FROM posts GROUP BY author_id) pc ON pc.author_id = b.id
		LEFT JOIN (SELECT following_id, count(*) AS n FROM follows GROUP BY following_id) fr ON fr.following_id = b.id
		LEFT JOIN (SELECT follower_id, count(*) AS n FROM follows GROUP BY follower_id) fg ON fg.follower_id = b.id
		WHERE p.id = b.id`,
		`UPDATE hashtags h SET usage_count = c.n
		FROM (SELECT ph.hashtag_id, count(*) AS n FROM post_hashtags ph
			WHERE ph.hashtag_id IN (SELECT h2.id FROM hashtags h2 JOIN (SELECT DISTINCT tag FROM bulk_post_tags) t USING (tag))
			GROUP BY ph.hashtag_id) c
		WHERE h.id = c.hashtag_id`,
	} {
		if _, err := tx.Exec(ctx, q); err != nil {
			return fmt.Errorf("counters: %w", err)
		}
	}
	g.opt.Progress(StageCounters, 1, 1)
	return nil
}

var bulkFirstNames = []string{"Ana", "Beatriz", "Bruno", "Camila", "Carlos", "Daniela", "Diego", "Eduarda", "Felipe",
	"Fernanda", "Gabriel", "Gabriela", "Gustavo", "Helena", "Igor", "Isabela", "João", "Juliana", "Larissa", "Leonardo",
	"Letícia", "Lucas", "Luiza", "Marcelo", "Mariana", "Matheus", "Natália", "Pedro", "Rafael", "Renata", "Rodrigo",
	"Sofia", "Thiago", "Valentina", "Vinícius"}

var bulkLastNames = []string{"Almeida", "Alves", "Araújo", "Barbosa", "Cardoso", "Carvalho", "Castro", "Costa",
	"Dias", "Fernandes", "Ferreira", "Gomes", "Lima", "Martins", "Melo", "Moreira", "Nascimento", "Oliveira", "Pereira",
	"Ribeiro", "Rocha", "Rodrigues", "Santos", "Silva", "Soares", "Sousa", "Teixeira", "Vieira"}

var bulkBios = []string{
	"Apaixonada por café, livros e viagens.",
	"Desenvolvedor de software nas horas úteis, músico nas horas vagas.",
	"Professora, mãe e corredora de fim de semana.",
	"Fotografia de rua e pôr do sol. 📷",
	"Torcedor sofredor, cozinheiro amador.",
	"Estudante de engenharia. Sempre aprendendo algo novo.",
	"Plantas, gatos e séries — nessa ordem.",
	"Escrevo sobre tecnologia e cultura brasileira.",
	"Ciclista urbano e defensor de mais ciclovias.",
	"Designer curiosa, colecionadora de cadernos.",
	"Nordestino com orgulho. Forró e tapioca.",
	"Vivendo um dia de cada vez.",
}

var bulkCities = []string{"São Paulo, SP", "Rio de Janeiro, RJ", "Belo Horizonte, MG", "Salvador, BA", "Recife, PE",
	"Fortaleza, CE", "Porto Alegre, RS", "Curitiba, PR", "Brasília, DF", "Manaus, AM", "Belém, PA", "Florianópolis, SC",
	"Goiânia, GO", "Natal, RN", "Campinas, SP"}

var bulkSentences = []string{
	"Bom dia! Começando a semana com um café bem passado.",
	"Alguém tem dica de trilha perto de São Paulo para o fim de semana?",
	"Acabei de terminar um livro incrível e já estou com saudade dos personagens.",
	"Hoje o trânsito estava impossível, levei duas horas para chegar em casa.",
	"Que jogo foi esse ontem! Ainda estou sem voz.",
	"Fiz pão de queijo pela primeira vez e ficou melhor do que eu esperava.",
	"Preciso de indicações de séries brasileiras, o que vocês estão assistindo?",
	"Choveu o dia inteiro por aqui, perfeito para ficar em casa com um chá.",
	"Primeiro dia no trabalho novo, desejem-me sorte!",
	"O pôr do sol na praia hoje estava simplesmente lindo.",
	"Alguém mais acha que segunda-feira deveria ser proibida?",
	"Terminei meu primeiro projeto em Go e estou muito orgulhoso.",
	"A feira de domingo tinha as frutas mais doces do ano.",
	"Quem vai no show do fim de semana? Bora combinar!",
	"Estou aprendendo a tocar violão, por enquanto só sai barulho.",
	"Receita de família: feijoada no sábado com a galera toda.",
	"Dica do dia: beba água e dê uma pausa das telas.",
	"Voltei a correr depois de meses parado, as pernas reclamaram.",
	"Esse calor está demais, alguém tem um ventilador sobrando?",
	"Visitei um museu novo no centro e recomendo muito.",
	"Meu gato decidiu que o teclado é a cama dele.",
	"Fim de semana de faxina e playlist dos anos 2000.",
}

var bulkComments = []string{
	"Concordo demais!", "Que legal, parabéns!", "Haha, aconteceu o mesmo comigo.", "Me manda a receita?",
	"Que foto linda!", "Boa sorte, vai dar tudo certo.", "Também quero ir!", "Nossa, nem me fale.",
	"Adorei a dica, obrigado!", "Verdade, isso é muito bom.", "Saudade desse lugar.", "Kkkkk melhor coisa.",
}

var bulkHashtags = []string{"bomdia", "segundafeira", "sextou", "futebol", "leitura", "musica", "viagem", "natureza",
	"trabalho", "tecnologia", "golang", "receitas", "cafe", "cinema", "series", "saude", "corrida", "praia", "brasil",
	"saopaulo", "riodejaneiro", "gatos", "fotografia", "arte"}

var bulkLinks = []string{
	"https://exemplo.com.br/artigos/%d",
	"https://blog.exemplo.com.br/posts/%d",
	"https://noticias.exemplo.org/materia/%d",
	"https://www.exemplo.com.br/receitas/%d?origem=social",
}
