// Package demo is the demo network's shared vocabulary, the demo part of
// the plugin contract: the roster of members by handle, the texts and the
// drawn pictures, the plan of who follows, posts and reacts to what, and
// the Run every feature's and plugin's demo seeder writes its part in.
// It reaches no store: each part is written through its feature's own use
// cases, so that counters, notifications and the audit log hold as if
// members had done it.
package demo

// The member a newcomer signs in as. The password is public on purpose:
// the network is only seeded outside production mode.
const (
	MemberEmail    = "demo@exemplo.com.br"
	MemberPassword = "Demonstracao2026"
	MemberHandle   = "bia_demo"
	// ModeratorHandle is the member given the moderator role.
	ModeratorHandle = "rafa_modera"
	// emailDomain is every demo member's e-mail domain but the demo member's.
	emailDomain = "demo.exemplo.com.br"
)

// Person is one demo member. Reach (0 to 3) decides how many follow them
// and how often they post: popular members and quiet ones.
type Person struct {
	Handle   string
	Name     string
	Bio      string
	Location string
	Website  string
	Verified bool
	Reach    int
}

// Email is the person's sign-in address; their password is MemberPassword.
func (p Person) Email() string {
	if p.Handle == MemberHandle {
		return MemberEmail
	}
	return p.Handle + "@" + emailDomain
}

// Roster is the demo network, the demo member first.
var Roster = []Person{
	{MemberHandle, "Beatriz Araújo", "Designer de produto em Recife. Café coado, frevo e interfaces que respeitam quem usa. 🎨", "Recife, PE", "https://beatriz.exemplo.com.br", false, 2},
	{"joao_pedro", "João Pedro", "Dev backend, maratonista amador e pai do Thor (um vira-lata muito opinativo).", "São Paulo, SP", "https://joaopedro.dev.exemplo.com.br", false, 2},
	{"mariaclara", "Maria Clara Nóbrega", "Jornalista de ciência. Escrevo sobre clima, oceanos e gente que faz pesquisa no Brasil.", "Florianópolis, SC", "https://mariaclara.exemplo.com.br", true, 3},
	{"luizinho", "Luiz", "Fotógrafo de rua. Só preto e branco às terças.", "Belo Horizonte, MG", "", false, 1},
	{"ana_lu_tech", "Ana Luíza Carvalho", "Engenheira de dados. Falo de Python, dados abertos e políticas públicas.", "Brasília, DF", "https://analuiza.exemplo.com.br/blog", true, 3},
	{"thiago_som", "Thiago Conceição", "Baixista, produtor musical e colecionador de vinis de samba-rock.", "Rio de Janeiro, RJ", "https://thiagosom.exemplo.com.br", false, 2},
	{"gabi", "Gabi", "🌱 horta na varanda", "Curitiba, PR", "", false, 0},
	{"fernanda_oliveira_albuquerque", "Fernanda Oliveira de Albuquerque Cavalcanti", "Professora de história no ensino médio. Acredito que toda cidade tem um museu escondido nas esquinas.", "Olinda, PE", "https://fernanda.exemplo.com.br", false, 1},
	{"caio_bike", "Caio Menezes", "Pedalo para o trabalho faça chuva ou faça sol. Mapas de ciclovias e opiniões sobre mobilidade.", "Porto Alegre, RS", "", false, 1},
	{"dona_cida", "Aparecida dos Santos", "Aposentada, avó de quatro e doceira de mão cheia. Encomendas de bolo pelo direct!", "Campinas, SP", "", false, 1},
	{"renato_rpg", "Renato Ishikawa", "Mestre de RPG nas horas vagas, analista de sistemas nas horas pagas.", "Londrina, PR", "https://renato.exemplo.com.br", false, 1},
	{"juliana_fisio", "Juliana Prado", "Fisioterapeuta esportiva. Alongue-se antes de ler este perfil.", "Goiânia, GO", "", false, 1},
	{"pedro_henrique", "Pedro Henrique Lima", "Estudante de arquitetura e desenhista compulsivo de fachadas antigas.", "Salvador, BA", "", false, 0},
	{"larissa_mar", "Larissa Monteiro", "Bióloga marinha. Tartarugas, recifes de coral e muita areia no tênis.", "Natal, RN", "https://larissamar.exemplo.com.br", true, 2},
	{"seu_joaquim", "Joaquim Ferreira", "Feirante há 30 anos. A melhor banana da feira de domingo.", "Fortaleza, CE", "", false, 0},
	{"isa_le", "Isadora Lemos", "Leio três livros ao mesmo tempo e termino nenhum. Clube do livro às quintas.", "Niterói, RJ", "", false, 1},
	{"marcos_vinicius", "Marcos Vinícius", "Cozinheiro. Moqueca capixaba é a original e eu aceito debater.", "Vitória, ES", "https://marcosvinicius.exemplo.com.br", false, 2},
	{"bruna_code", "Bruna Tavares", "Frontend, acessibilidade e TypeScript. Ela/dela.", "São Paulo, SP", "https://bruna.exemplo.com.br", false, 2},
	{"zeh", "Zé", "Só observando.", "", "", false, 0},
	{"helena_astro", "Helena Vasconcelos", "Astrônoma amadora. Se o céu estiver limpo, estou no quintal com o telescópio.", "Campina Grande, PB", "", false, 1},
	{"rafa_modera", "Rafael Moura", "Moderação da comunidade. Dúvidas sobre as regras? Me chame.", "São Paulo, SP", "", true, 1},
	{"tati_yoga", "Tatiana Ribeiro", "Professora de yoga e de paciência (com as crianças).", "Florianópolis, SC", "", false, 1},
	{"andre_futebol", "André Gonçalves", "Torcedor sofredor, comentarista de várzea, técnico do time do bairro.", "Recife, PE", "", false, 1},
	{"camila_ux", "Camila Yamamoto", "Pesquisadora de UX. Entrevisto pessoas e conto o que aprendi.", "Belo Horizonte, MG", "https://camila.exemplo.com.br", false, 1},
	{"vitor_hugo", "Vitor Hugo Batista", "Engenheiro agrônomo no cerrado. Soja não, agrofloresta sim.", "Cuiabá, MT", "", false, 0},
	{"leticia_arte", "Letícia Guimarães", "Ilustradora. Aquarela, gatos e encomendas abertas.", "Porto Alegre, RS", "https://leticiaarte.exemplo.com.br", false, 2},
	{"ribamar", "José Ribamar Sousa", "Poeta de cordel e contador de causos.", "São Luís, MA", "", false, 1},
	{"nath_corre", "Nathália Freitas", "Corredora de rua. Rumo à primeira maratona!", "Rio de Janeiro, RJ", "", false, 0},
	{"gustavo_eco", "Gustavo Andrade", "Economista. Gráficos, inflação e café, nessa ordem.", "Brasília, DF", "https://gustavo.exemplo.com.br", true, 2},
	{"priscila_mae", "Priscila Rocha", "Mãe de gêmeos, fazendo o possível.", "Manaus, AM", "", false, 0},
	{"lucas_games", "Lucas Albuquerque", "Jogos indie brasileiros e pixel art.", "Recife, PE", "https://lucasgames.exemplo.com.br", false, 1},
	{"sofia_bio", "Sofia Marques", "Doutoranda em ecologia. Formigas são fascinantes, juro.", "Campinas, SP", "", false, 0},
	{"diego_cafe", "Diego Nascimento", "Barista. Do grão à xícara, sempre com calma.", "Belo Horizonte, MG", "https://diegocafe.exemplo.com.br", false, 1},
	{"mirela", "Mirela Costa", "Enfermeira no plantão noturno. Durmo de dia, leio de madrugada.", "Belém, PA", "", false, 0},
	{"otavio_hist", "Otávio Reis", "Historiador e guia de turismo no centro histórico.", "Ouro Preto, MG", "", false, 0},
	{"carol_danca", "Carolina Mendes", "Bailarina e professora de dança contemporânea.", "Salvador, BA", "", false, 1},
	{"rodrigo_foto", "Rodrigo Teixeira", "Fotógrafo de natureza. Pantanal no coração.", "Campo Grande, MS", "https://rodrigofoto.exemplo.com.br", false, 1},
	{"bianca_dev", "Bianca Sá", "SRE. Já acordei às 3h por causa de um disco cheio, e você?", "São Paulo, SP", "", false, 1},
	{"edu", "Eduardo", "", "", "", false, 0},
	{"yasmin_moda", "Yasmin Duarte", "Brechós, costura e moda sem pressa.", "Fortaleza, CE", "", false, 1},
	{"henrique_prof", "Henrique Barros", "Professor de matemática. Prometo que frações não mordem.", "Teresina, PI", "", false, 0},
}

// Friends are the members the demo member follows for sure, and who follow
// them back: the features show them in the demo member's stories and
// conversations.
var Friends = []string{"mariaclara", "thiago_som", "leticia_arte", "joao_pedro", "ana_lu_tech", "marcos_vinicius",
	"larissa_mar", "gustavo_eco", "bruna_code", "camila_ux"}

// IsFriend is whether handle is one of Friends.
func IsFriend(handle string) bool {
	for _, f := range Friends {
		if f == handle {
			return true
		}
	}
	return false
}
