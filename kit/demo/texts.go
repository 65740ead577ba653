package demo

// Topic is what a post is about, and Kind what sort of post it is; the
// comments on a post are drawn from those its topic has for its kind, so
// that a bread recipe is answered about the recipe and a lost match is
// not congratulated.
type Topic string

// The topics of the demo posts.
const (
	TopicBread     Topic = "pão"
	TopicCooking   Topic = "cozinha"
	TopicCoffee    Topic = "café"
	TopicDesign    Topic = "design"
	TopicCode      Topic = "programação"
	TopicData      Topic = "dados"
	TopicScience   Topic = "ciência"
	TopicOcean     Topic = "oceano"
	TopicPhoto     Topic = "fotografia"
	TopicNature    Topic = "natureza"
	TopicGarden    Topic = "horta"
	TopicMusic     Topic = "música"
	TopicBooks     Topic = "leitura"
	TopicCordel    Topic = "cordel"
	TopicHistory   Topic = "história"
	TopicBike      Topic = "mobilidade"
	TopicRunning   Topic = "corrida"
	TopicBody      Topic = "bem-estar"
	TopicGames     Topic = "jogos"
	TopicArt       Topic = "arte"
	TopicDance     Topic = "dança"
	TopicFootball  Topic = "futebol"
	TopicSky       Topic = "astronomia"
	TopicEconomy   Topic = "economia"
	TopicFamily    Topic = "família"
	TopicSchool    Topic = "educação"
	TopicFashion   Topic = "moda"
	TopicMarket    Topic = "feira"
	TopicShift     Topic = "plantão"
	TopicCommunity Topic = "comunidade"
	TopicPersonal  Topic = "pessoal"
	TopicDaily     Topic = "cotidiano"
)

// Kind is what sort of post a line is, which decides how it is answered:
// an account of something done or seen, a tip or an opinion (a recipe
// too), good news, bad or hard news, a question, an invitation (an event,
// an open call, orders), or a picture.
type Kind string

// The kinds of demo posts.
const (
	KindStory  Kind = "relato"
	KindTip    Kind = "dica"
	KindGood   Kind = "boa notícia"
	KindSad    Kind = "má notícia"
	KindAsk    Kind = "pergunta"
	KindInvite Kind = "convite"
	KindPhoto  Kind = "foto"
	// AnyKind keys the answers that fit every post of their topic.
	AnyKind Kind = "qualquer"
)

// PhotoKind is the drawn picture a post carries: none, a landscape or a
// city at night.
type PhotoKind int

// The kinds of drawn photos.
const (
	NoPhoto PhotoKind = iota
	Landscape
	City
)

// Line is one post a demo member writes. "@%s" in Text names another
// member. A followers-only line is shared with followers alone.
type Line struct {
	Text        string
	Topic       Topic
	Kind        Kind
	Photo       PhotoKind
	FriendsOnly bool
}

// say is an account of something done or seen; tip, good, sad, ask and
// invite are posts of the other kinds.
func say(topic Topic, text string) Line    { return Line{Text: text, Topic: topic, Kind: KindStory} }
func tip(topic Topic, text string) Line    { return Line{Text: text, Topic: topic, Kind: KindTip} }
func good(topic Topic, text string) Line   { return Line{Text: text, Topic: topic, Kind: KindGood} }
func sad(topic Topic, text string) Line    { return Line{Text: text, Topic: topic, Kind: KindSad} }
func ask(topic Topic, text string) Line    { return Line{Text: text, Topic: topic, Kind: KindAsk} }
func invite(topic Topic, text string) Line { return Line{Text: text, Topic: topic, Kind: KindInvite} }

// shot is a post with a drawn picture, answered about the picture.
func shot(photo PhotoKind, topic Topic, text string) Line {
	return Line{Text: text, Topic: topic, Kind: KindPhoto, Photo: photo}
}

func inner(kind Kind, text string) Line {
	return Line{Text: text, Topic: TopicPersonal, Kind: kind, FriendsOnly: true}
}

// Voices are each demo member's own posts, written to their bio: nobody
// posts another member's words. A member writes as many of them in the
// week as their reach allows (PostsByReach), in a seeded order.
var Voices = map[string][]Line{
	MemberHandle: {
		say(TopicDesign, "Passei a manhã redesenhando o fluxo de cadastro de um app de saúde. Tiramos quatro telas e ninguém sentiu falta. #design #ux"),
		say(TopicCoffee, "Café coado na caneca da Sudene que herdei da minha avó. Segunda-feira começa bem assim. ☕ #café #bomdia"),
		shot(City, TopicPhoto, "Recife Antigo acendendo as luzes depois da chuva. 🌃 #recife #fotografia"),
		tip(TopicDesign, "Contraste não é detalhe estético: é gente conseguindo ler a tela no sol do meio-dia. #design #acessibilidade"),
		say(TopicMusic, "Ensaio do bloco hoje à noite. Faltam poucas semanas para o Carnaval e eu já estou sem voz de tanto cantar frevo. 🎺 #frevo #carnaval"),
		say(TopicDesign, "Obrigada, @%s, pela revisão do protótipo! Os comentários sobre a navegação mudaram tudo. 🎨 #design"),
		tip(TopicDesign, "Tipografia nova no projeto: uma fonte brasileira, gratuita e com acentos bem desenhados. Faz diferença. #design #tipografia"),
		inner(KindSad, "Só para quem me segue: semana puxada, mas a equipe é incrível e isso segura qualquer prazo. 💛"),
	},
	"joao_pedro": {
		good(TopicCode, "Migrei um serviço inteiro de filas caseiras para o PostgreSQL com SKIP LOCKED. Menos uma peça para quebrar às 3h. #dev #postgres"),
		good(TopicRunning, "Longão de 25 km hoje cedo no Ibirapuera. As pernas reclamaram, a cabeça agradeceu. 🏃 #corrida #maratona"),
		say(TopicFamily, "O Thor descobriu que o aspirador de pó é o inimigo mortal dele. Latiu vinte minutos para o armário. 🐕 #cachorro"),
		tip(TopicCode, "Revisão de código boa é a que explica o porquê, não só aponta o erro. Aprendi isso com quem revisava os meus. #dev #carreira"),
		shot(Landscape, TopicRunning, "Nascer do sol no treino de sábado. Vale cada despertador às 5h. #corrida"),
		say(TopicCode, "Log estruturado salvou meu dia: achei o bug filtrando por um campo em vez de ler mil linhas. #dev #observabilidade"),
		say(TopicRunning, "Faltam seis semanas para a maratona de São Paulo. Planilha impressa e colada na geladeira. #corrida #maratona"),
		say(TopicFamily, "@%s, o Thor mandou avisar que aceita visitas com petisco. Sem petisco ele também aceita, mas fica ofendido. 🐶 #cachorro"),
	},
	"mariaclara": {
		good(TopicScience, "Saiu minha reportagem sobre as ondas de calor marinhas no litoral sul. Foram três meses ouvindo pesquisadores. 🌊 #ciência #clima"),
		sad(TopicOcean, "O aquecimento do Atlântico Sul não é abstrato: pescadores de Santa Catarina já mudaram o calendário da tainha. #clima #oceanos"),
		shot(Landscape, TopicNature, "Entardecer na Lagoa da Conceição depois de um dia inteiro de entrevistas. #floripa #natureza"),
		tip(TopicScience, "Dica para quem escreve sobre ciência: pergunte ao pesquisador o que ele NÃO sabe ainda. As melhores histórias estão aí. #jornalismo #ciência"),
		say(TopicOcean, "Passei o dia num barco com a equipe que mapeia os corais de Fernando de Noronha. Enjoei, mas valeu. 🐠 #oceanos #ciência"),
		good(TopicScience, "Novo episódio do podcast: como as boias medem a temperatura do mar e por que elas importam para a previsão do tempo. #ciência #clima"),
		say(TopicScience, "Obrigada, @%s, pela entrevista de ontem. Saí com o caderno cheio e muitas perguntas novas. #jornalismo"),
		say(TopicBooks, "Relendo \"A Terra Inabitável\" para uma matéria. Continua assustador e necessário. #leitura #clima"),
		shot(Landscape, TopicOcean, "Maré baixa no Campeche: dá para ver as rochas que só aparecem poucas vezes por ano. #oceanos #natureza"),
		ask(TopicScience, "Mulheres na ciência brasileira: estou montando uma série de perfis. Indiquem pesquisadoras que vocês admiram! #ciência #mulheresnaciência"),
		tip(TopicOcean, "Manguezal não é lama, é berçário. Repito isso em toda palestra e vou continuar repetindo. 🦀 #oceanos #natureza"),
		inner(KindStory, "Para quem me segue: vou tirar uns dias para descansar depois do fechamento. Volto com histórias novas."),
	},
	"luizinho": {
		shot(City, TopicPhoto, "Terça é dia de preto e branco. Praça Sete às 19h, gente apressada e luz de vitrine. #fotografia #bh"),
		shot(City, TopicPhoto, "Viaduto Santa Tereza visto de baixo. A cidade tem mais linhas do que parece. #fotografia #fotografiaderua"),
		tip(TopicPhoto, "Fotografia de rua é 90% esperar e 10% ter coragem de levantar a câmera. #fotografiaderua"),
		shot(City, TopicPhoto, "Mercado Central fechando. O último feirante sempre tem a melhor história. #fotografia #bh"),
		say(TopicPhoto, "Comprei uma lente 35 mm usada e ela já pagou o preço em uma semana de fotos. #fotografia"),
	},
	"ana_lu_tech": {
		tip(TopicData, "Escrevi sobre como organizar dados abertos da prefeitura sem enlouquecer: https://blog.exemplo.com.br/dados-abertos #dadosabertos #python"),
		say(TopicData, "O Portal da Transparência mudou o formato dos CSVs de novo. Meu pipeline agradece o teste que pegou isso antes da produção. #dados #python"),
		tip(TopicData, "Política pública boa começa com pergunta boa, não com painel bonito. #dados #políticaspúblicas"),
		tip(TopicCode, "pandas ou polars? Para 200 mil linhas, tanto faz. Para 200 milhões, a conversa muda. #python #dados"),
		say(TopicData, "Cruzei dados do Censo com as linhas de ônibus do DF: metade das quadras do Sol Nascente fica a mais de 1 km de um ponto. #dadosabertos #mobilidade"),
		invite(TopicData, "Oficina gratuita de Python para servidoras públicas no sábado. Ainda temos vagas! #python #dados"),
		tip(TopicCode, "Documentar o dicionário de dados é chato. Descobrir o que significa a coluna \"flag_2\" seis meses depois é pior. #dados"),
		say(TopicData, "@%s, os números que você pediu sobre evasão escolar estão no repositório. Qualquer dúvida, me chama. #dadosabertos"),
		say(TopicData, "Lei de Acesso à Informação completou mais um ano. Pedi os dados de merenda de 27 capitais; 19 responderam no prazo. #transparência #dados"),
		say(TopicCode, "Meu script de limpeza de endereços tem 40 expressões regulares e nenhuma delas me orgulha. #python #dev"),
		tip(TopicData, "Gráfico de barras empilhadas raramente é a resposta. Quase sempre são barras lado a lado. #dados #visualização"),
		inner(KindGood, "Só para amigos: recebi o convite para coordenar o time de dados. Ainda não acredito. 🥹"),
	},
	"thiago_som": {
		good(TopicMusic, "Chegou o vinil do Bebeto que eu procurava havia anos. Lado B inteiro tocando aqui no estúdio. 🎶 #música #vinil #sambarock"),
		good(TopicMusic, "Gravamos a base de baixo do disco novo em um take só. O baterista ainda está comemorando. #música #estúdio"),
		shot(City, TopicMusic, "Lapa depois do show, quase 2h da manhã. A cidade ainda estava tocando. #rio #música"),
		tip(TopicMusic, "Samba-rock não é gênero, é um jeito de dançar a vida. Discordem nos comentários. 🕺 #sambarock"),
		invite(TopicMusic, "Feira de discos no domingo em Botafogo. Levem lista e dinheiro trocado. #vinil #música"),
		good(TopicMusic, "@%s, aquele groove que você mandou virou faixa. Te devo uma cerveja e um crédito no encarte. 🎸 #música"),
		say(TopicMusic, "Produzindo uma cantora de Madureira que vai dar o que falar. Guardem esse nome quando sair. #música #produção"),
		invite(TopicMusic, "A rádio de jazz está inspirada hoje. Entrem na sala para ouvir junto! 🎷 #música #jazz"),
	},
	"gabi": {
		good(TopicGarden, "Terminei de montar minha horta vertical na varanda. Manjericão, alecrim e muita esperança. 🌱 #horta"),
		good(TopicGarden, "O tomate-cereja vingou!!! Três tomatinhos, mas são meus. 🍅 #horta"),
		sad(TopicGarden, "Geada em Curitiba e eu cobrindo as mudas com lençol velho às 22h. #horta #inverno"),
	},
	"fernanda_oliveira_albuquerque": {
		say(TopicHistory, "Levei a turma do segundo ano para ver os azulejos do Convento de São Francisco. Silêncio absoluto por dez minutos. Vitória. #história #olinda"),
		say(TopicSchool, "Perguntei qual período da história eles gostariam de visitar. Um aluno respondeu: \"qualquer um sem prova bimestral\". #educação"),
		say(TopicHistory, "Toda rua de Olinda tem uma data esquecida. Esta semana: a ladeira onde se reuniam os revoltosos de 1710. #história"),
		tip(TopicBooks, "Indicação para quem ensina: \"Brasil: uma biografia\", da Lilia Schwarcz e da Heloisa Starling. Uso em quase toda aula. #leitura #história"),
		say(TopicSchool, "Corrigindo 120 redações sobre a Independência. Uma delas tinha trilha sonora sugerida. Nota extra pela criatividade. #educação"),
	},
	"caio_bike": {
		good(TopicBike, "Hoje faz um ano que comecei a pedalar para o trabalho. Economizei tempo, dinheiro e paciência no trânsito. 🚲 #mobilidade #bike"),
		say(TopicBike, "Fiz um mapa das ciclovias de Porto Alegre com dados abertos: https://mapas.exemplo.com.br/ciclovias #mobilidade #dadosabertos"),
		shot(City, TopicBike, "Orla do Guaíba à noite, voltando do trabalho de bicicleta. Melhor trajeto da cidade. #mobilidade #poa"),
		invite(TopicBike, "Bora pedalar no domingo? Saída às 7h da Redenção, ritmo tranquilo. @%s vem também! #mobilidade #bike"),
		tip(TopicBike, "Ciclofaixa sem conexão é só tinta no chão. A rede precisa ligar bairro com bairro. #mobilidade"),
	},
	"dona_cida": {
		say(TopicCooking, "Dia de rodízio de bolos aqui em casa: cenoura com chocolate, fubá e laranja. Os netos já chegaram com fome. 🍰 #bolo #cozinha"),
		tip(TopicCooking, "Segredo do bolo de fubá cremoso: queijo ralado na massa e forno sem pressa. Não contem para ninguém. #bolo #receita"),
		say(TopicFamily, "Minha neta me ensinou a usar esta rede. Se eu escrever errado, a culpa é dela. 😄 #família"),
		invite(TopicCooking, "Encomendas de bolo para o Natal abertas! Pão de mel, bolo de nozes e o de sempre, de cenoura. #bolo #encomendas"),
		say(TopicCooking, "Doce de leite de panela, mexendo por duas horas. Tem coisa que não dá para apressar. #doces #cozinha"),
	},
	"renato_rpg": {
		say(TopicGames, "Sessão de RPG de ontem: os jogadores negociaram com o dragão em vez de lutar. Seis meses de preparo de combate jogados fora. 🐉 #rpg"),
		invite(TopicGames, "Estou escrevendo uma campanha de RPG no sertão de 1920, com cangaço e assombração. Alguém topa testar? #rpg #mesa"),
		say(TopicCode, "Analista de sistemas de dia: passei três horas achando um ponto e vírgula. Mestre de RPG à noite: invento reinos em dez minutos. #dev"),
		say(TopicGames, "Dado de 20 lados caiu no 1 três vezes seguidas. O bardo agora é conhecido como \"o azarado\". #rpg"),
		invite(TopicGames, "Mesa aberta em Londrina no sábado: iniciantes são muito bem-vindos, eu explico as regras. #rpg #londrina"),
	},
	"juliana_fisio": {
		tip(TopicBody, "Lembrete de fisioterapeuta: aumentem o volume do treino no máximo 10% por semana. Seu joelho agradece. 🦵 #saúde #corrida"),
		tip(TopicBody, "Dor que muda seu jeito de pisar não é \"normal de quem treina\". Procurem avaliação. #saúde #fisioterapia"),
		tip(TopicBody, "Alongamento antes da corrida: dinâmico. Depois: leve. Parado por um minuto antes de sair não ajuda muito. #fisioterapia"),
		good(TopicBody, "Atendi hoje um atleta de 71 anos que corre meia maratona. Quero ser assim quando crescer. #saúde #corrida"),
		tip(TopicBody, "Sentados há mais de uma hora? Levantem agora, girem os ombros e voltem. Eu espero. 😉 #saúde"),
	},
	"pedro_henrique": {
		shot(City, TopicArt, "Fachadas do Pelourinho à noite. Passei a tarde desenhando e a noite fotografando as mesmas janelas. #arquitetura #salvador"),
		good(TopicArt, "Caderno de croquis número 12 terminado. 80 fachadas de casarões do Santo Antônio Além do Carmo. ✏️ #desenho #arquitetura"),
		say(TopicArt, "Entrega de projeto amanhã e minha maquete perdeu uma escada. Alguém viu uma escada de balsa por aí? #arquitetura"),
	},
	"larissa_mar": {
		good(TopicOcean, "A tartaruga que acompanhamos desde o ninho voltou para a mesma praia para desovar! 🐢 #tartarugas #oceanos"),
		shot(Landscape, TopicOcean, "Praia de Pipa às 5h30, antes da primeira ronda de ninhos. #oceanos #natureza"),
		tip(TopicOcean, "Se encontrarem uma tartaruga na areia, não ajudem a chegar ao mar. Chamem o projeto de monitoramento. 🐢 #tartarugas"),
		sad(TopicOcean, "Branqueamento de coral de novo em Maracajaú. A água passou de 30 °C por três semanas. #oceanos #clima"),
		good(TopicOcean, "Relatório da temporada: 212 ninhos monitorados e mais de 15 mil filhotes no mar. Obrigada, voluntários! #tartarugas #ciência"),
		good(TopicOcean, "@%s, a foto dos filhotes que você fez entrou no nosso relatório anual. Com crédito, claro! 🐢 #oceanos"),
		shot(Landscape, TopicNature, "Dunas de Genipabu no fim da tarde, voltando da coleta. Areia até na alma. #natureza"),
		sad(TopicOcean, "Canudo plástico é só o começo. A maior parte do lixo que achamos nas praias são redes de pesca perdidas. #oceanos"),
	},
	"seu_joaquim": {
		invite(TopicMarket, "Banana-prata docinha chegando no domingo. Quem chegar cedo leva a penca mais bonita. 🍌 #feira #fortaleza"),
		say(TopicMarket, "30 anos de feira e ainda acordo às 3h com gosto. O segredo é conversar com o freguês. #feira"),
		invite(TopicMarket, "Caju, pitanga e umbu na banca hoje. O verão chegou de vez! #feira #verão"),
	},
	"isa_le": {
		invite(TopicBooks, "O clube do livro desta quinta vai discutir \"Quarto de Despejo\". Todo mundo convidado! #leitura #livros"),
		tip(TopicBooks, "Dica de leitura da semana: \"Torto Arado\", do Itamar Vieira Junior. Não consegui largar. #leitura #livros"),
		say(TopicBooks, "Estou lendo três livros ao mesmo tempo de novo. Um na bolsa, um na cabeceira e um no celular. #leitura"),
		ask(TopicBooks, "Alguém sabe se a biblioteca municipal de Niterói abre no feriado? Preciso devolver antes da multa. #leitura"),
		good(TopicBooks, "Terminei um livro! Sim, terminei. \"Um defeito de cor\", 950 páginas. Aceito aplausos. 📚 #leitura #livros"),
	},
	"marcos_vinicius": {
		say(TopicBread, "Tentando aprender pão de fermentação natural. Tentativa número 7. O fermento se chama Cleide e tem personalidade forte. 🍞 #pão #fermentaçãonatural"),
		tip(TopicCooking, "Receita da moqueca capixaba da minha avó, sem segredo guardado: https://cozinha.exemplo.com.br/moqueca #moqueca #cozinha"),
		ask(TopicCooking, "Moqueca capixaba não leva dendê nem leite de coco. Pode vir, Bahia, estou pronto para o debate. 🍲 #moqueca"),
		tip(TopicBread, "Receita do meu pão de fermentação natural: 500 g de farinha, 350 ml de água, 100 g de levain, 10 g de sal e muita paciência. #pão #receita"),
		good(TopicCooking, "Panela de barro nova curada com óleo e paciência. Só as paneleiras de Goiabeiras fazem igual. #cozinha #vitória"),
		good(TopicBread, "A Cleide (meu fermento) dobrou de tamanho em quatro horas. Hoje sai pão de casca crocante. #pão"),
		say(TopicCooking, "@%s, a torta capixaba que você pediu está no forno. Palmito, bacalhau e muita história. #cozinha"),
		good(TopicCooking, "Restaurante lotado no sábado e a equipe segurou o serviço sem um prato errado. Orgulho dessa cozinha. 👨‍🍳 #cozinha"),
	},
	"bruna_code": {
		tip(TopicCode, "Se o botão só tem ícone, ele precisa de nome acessível. Leitor de tela não enxerga o seu SVG bonito. #acessibilidade #frontend"),
		say(TopicCode, "TypeScript strict ligado num projeto antigo: 312 erros. Vou resolver um por dia, como quem toma vitamina. #typescript #frontend"),
		say(TopicCode, "Testei nosso formulário só com teclado e fiquei presa num modal. Bug de acessibilidade corrigido antes do almoço. #acessibilidade"),
		tip(TopicCode, "Se você está começando em programação: leia código dos outros. Muito. Aprende-se mais do que em qualquer curso. #dev #carreira"),
		ask(TopicCode, "Alguém indica um bom curso de acessibilidade digital? Quero me aprofundar. @%s, você que manja! #acessibilidade #dev"),
		tip(TopicCode, "Foco visível não é feio. Feio é ninguém conseguir saber onde está na página. #acessibilidade #css"),
		good(TopicCode, "Palestrei no meetup de frontend de SP sobre formulários acessíveis. Slides no meu site! #frontend #acessibilidade"),
		good(TopicCode, "Mentoria de sexta: ajudei uma dev júnior a escrever o primeiro teste de componente. Ela saiu sorrindo. #dev #mentoria"),
	},
	"zeh": {
		say(TopicDaily, "Observando o movimento da padaria. Ninguém pede pão na chapa como antigamente. #cotidiano"),
		say(TopicDaily, "Choveu a tarde toda. Fiquei na janela vendo o rio da sarjeta passar. 🌧️ #chuva"),
		say(TopicDaily, "Vi três pessoas discutindo futebol no ponto de ônibus e nenhuma torcia para o mesmo time. Democracia. #cotidiano"),
	},
	"helena_astro": {
		tip(TopicSky, "Lua cheia hoje! Quem tiver um binóculo, olhe para as crateras perto da borda. 🌕 #astronomia"),
		shot(Landscape, TopicSky, "O céu de Campina Grande estava tão limpo que deu para ver a Via Láctea do quintal. ✨ #astronomia #céu"),
		tip(TopicSky, "Júpiter e Saturno bem visíveis depois das 21h, no leste. Não precisa de telescópio para achar. #astronomia"),
		invite(TopicSky, "Chuva de meteoros Geminídeas na madrugada de sábado. Quem vem para a observação na Serra de Bodopitá? #astronomia"),
		good(TopicSky, "Consegui fotografar a Nebulosa de Órion com um telescópio de 15 anos e um celular. Paciência é o melhor equipamento. #astronomia"),
	},
	"rafa_modera": {
		tip(TopicCommunity, "Lembrete da moderação: discordar é bem-vindo, atacar pessoas não. Denunciem o que passar do ponto. #comunidade"),
		tip(TopicCommunity, "Recebemos muitas denúncias de links de golpe esta semana. Não cliquem em promessas de dinheiro fácil! #segurança #comunidade"),
		tip(TopicCommunity, "Nova regra da comunidade: posts de venda só com #vendas na descrição. Fica mais fácil para quem quer e para quem não quer ver. #comunidade"),
		say(TopicCommunity, "Obrigado a quem denuncia com motivo claro. Facilita muito o trabalho da moderação. 🙏 #comunidade"),
		invite(TopicCommunity, "Dúvidas sobre por que um post saiu do ar? Me mandem mensagem que eu explico cada caso. #comunidade #moderação"),
	},
	"tati_yoga": {
		say(TopicBody, "Aula de yoga para crianças hoje: 12 minutos de meditação e 48 minutos de gente fingindo ser gato. Sucesso total. 🧘 #yoga"),
		shot(Landscape, TopicBody, "Saudação ao sol na praia do Santinho. Dá para começar o dia melhor? #yoga #floripa"),
		tip(TopicBody, "Respirar contando até quatro antes de responder uma mensagem difícil. Funciona em casa, no trabalho e no trânsito. #yoga #bemestar"),
		invite(TopicBody, "Turma nova de yoga para iniciantes às terças e quintas, 7h. Não precisa ser flexível, só curioso. #yoga"),
		say(TopicBody, "Postura do dia: cachorro olhando para baixo. Minha aluna de 6 anos disse que o cachorro dela faz melhor. #yoga"),
	},
	"andre_futebol": {
		sad(TopicFootball, "Meu time perdeu de novo. Não quero falar sobre isso. Só vou postar para registrar a dor. ⚽ #futebol #sport"),
		good(TopicFootball, "Time do bairro venceu por 3 a 1 no campinho da Várzea! O lateral de 52 anos fez gol de cabeça. #futebol #várzea"),
		say(TopicFootball, "Ilha do Retiro lotada domingo. Leão é Leão, não importa a fase. 🦁 #sport #futebol"),
		invite(TopicFootball, "Treino do time do bairro às 19h. Quem faltar paga o refrigerante. #futebol #várzea"),
		say(TopicFootball, "@%s, aposta feita: se o clássico empatar, eu pago o almoço. Se o Sport ganhar, você paga dois. #futebol"),
	},
	"camila_ux": {
		say(TopicDesign, "Cinco entrevistas com usuários esta semana e todas disseram a mesma coisa sobre o botão que a gente adorava. Vamos mudar. #ux #pesquisa"),
		tip(TopicDesign, "Pergunta de pesquisa que eu mais uso: \"me conta a última vez que você fez isso\". Histórias reais valem mais que opiniões. #ux"),
		say(TopicDesign, "Teste de usabilidade em Belo Horizonte com pessoas acima de 60 anos. Aprendi mais hoje do que no mês inteiro. #ux #pesquisa"),
		say(TopicDesign, "Mapa de jornada pendurado na parede do escritório. Cada post-it é uma pessoa que a gente entrevistou. #ux"),
		say(TopicDesign, "@%s, compartilhei o roteiro das entrevistas no nosso drive. Comenta o que faltou! #ux #pesquisa"),
	},
	"vitor_hugo": {
		shot(Landscape, TopicNature, "Agrofloresta de três anos no cerrado: banana, baru e mogno crescendo juntos onde antes era pasto degradado. 🌳 #agrofloresta #cerrado"),
		tip(TopicNature, "Baru é a castanha do cerrado e quase ninguém conhece. Torrado fica melhor que amendoim. #cerrado #agrofloresta"),
		say(TopicNature, "Primeira chuva de outubro no Mato Grosso. O cheiro de terra molhada é o melhor perfume do mundo. #cerrado #chuva"),
	},
	"leticia_arte": {
		good(TopicArt, "Primeira aquarela do ano: um ipê amarelo na praça do bairro. 🌼 #arte #aquarela"),
		invite(TopicArt, "Encomendas abertas para retratos de pets em aquarela! Gatos, cachorros e até um jabuti já passaram por aqui. 🐈 #aquarela #ilustração"),
		ask(TopicArt, "Pensando seriamente em adotar um segundo gato. @%s, me convence a não fazer isso. 🐈 #gatos"),
		tip(TopicArt, "Papel de algodão 300 g faz toda a diferença. Aprendi do jeito caro. #aquarela #arte"),
		good(TopicArt, "Ilustrei a capa de um livro infantil de uma autora gaúcha! Lançamento mês que vem. 📚 #ilustração #arte"),
		say(TopicArt, "Meu gato sentou em cima da aquarela molhada. A obra agora é colaborativa. #gatos #aquarela"),
		invite(TopicArt, "A nova exposição do museu está imperdível: https://museu.exemplo.com.br/exposicoes #arte #cultura"),
		good(TopicArt, "Sketchbook de viagem: cinco dias em Gramado, 23 desenhos e um dedo manchado de azul até agora. #ilustração #arte"),
	},
	"ribamar": {
		invite(TopicCordel, "Semana que vem tem lançamento do meu cordel novo na feira do livro de São Luís. Apareçam! #cordel #livros"),
		say(TopicCordel, "\"Quem conta um causo aumenta um ponto, e quem escuta aumenta dois.\" Assim começa o folheto que estou rimando. #cordel"),
		good(TopicCordel, "Xilogravura da capa pronta! Um boi-bumbá dançando na beira do rio. Ficou do jeito que eu sonhei. #cordel #xilogravura"),
		good(TopicCordel, "Recitei cordel para uma turma de escola pública hoje. Uma menina me entregou uma rima dela no fim. Ganhei o dia. #cordel #educação"),
		tip(TopicCordel, "Cordel é jornal, é poesia e é história do povo. Tudo em oito páginas e dez reais. #cordel"),
	},
	"nath_corre": {
		good(TopicRunning, "Terminei os 10 km abaixo de uma hora pela primeira vez! Rumo aos 21. 🏃‍♀️ #corrida"),
		shot(Landscape, TopicRunning, "Treino no Aterro do Flamengo com o Pão de Açúcar de testemunha. #corrida #rio"),
		good(TopicRunning, "Inscrição feita para a primeira maratona! Agora não tem mais volta. #corrida #maratona"),
	},
	"gustavo_eco": {
		say(TopicEconomy, "Acabei de publicar um gráfico da inflação dos alimentos no último ano: https://dados.exemplo.com.br/inflacao #economia #inflação"),
		sad(TopicEconomy, "Preço do café subiu de novo. Vou começar a medir o grão na balança de precisão. ☕ #café #economia"),
		tip(TopicEconomy, "Juros altos por muito tempo não doem só no crédito: adiam obras, contratações e sonhos. #economia"),
		tip(TopicEconomy, "Fio para quem pergunta por que o tomate subiu: chuva, frete e entressafra. Nada de mistério. 🍅 #economia #inflação"),
		tip(TopicEconomy, "IPCA saiu abaixo do esperado. Não comemorem ainda: serviços continuam pressionando. #economia #inflação"),
		invite(TopicEconomy, "@%s, seu gráfico de ciclovias me deu uma ideia para cruzar com gasto de combustível. Bora? #economia #dados"),
		tip(TopicEconomy, "Eixo vertical que não começa no zero é pecado capital em gráfico de barras. Estou de olho. 👀 #economia #dados"),
		say(TopicEconomy, "Dei aula de economia para o ensino médio hoje. A melhor pergunta: \"por que o governo não imprime mais dinheiro?\". Rendeu uma hora. #economia #educação"),
	},
	"priscila_mae": {
		sad(TopicFamily, "Gêmeos com catapora ao mesmo tempo. Pelo menos acaba junto, né? 😅 #maternidade"),
		ask(TopicFamily, "Um dormiu às 20h e o outro às 23h. Mães de gêmeos, como vocês sincronizam isso? #maternidade #gêmeos"),
		sad(TopicFamily, "Primeiro dia de escola dos meninos. Eles entraram sem olhar para trás. Eu chorei no carro. #maternidade"),
	},
	"lucas_games": {
		ask(TopicGames, "Estou montando uma lista de jogos indie brasileiros para jogar nas férias. Sugestões? #games #indie"),
		good(TopicGames, "Meu jogo de pixel art sobre o Recife Antigo ganhou uma fase nova: o Marco Zero à noite. 🎮 #pixelart #indie"),
		say(TopicCode, "Passei a noite corrigindo um bug de colisão. O personagem atravessava paredes só às sextas-feiras. Não me perguntem. #gamedev"),
		invite(TopicGames, "Game jam no Porto Digital neste fim de semana! Tema: \"maré\". Já estou com ideia de jangada. #gamejam #games"),
		tip(TopicGames, "Paleta de 16 cores e um mundo inteiro cabe nela. Pixel art é limite virando estilo. #pixelart"),
	},
	"sofia_bio": {
		good(TopicScience, "Depois de três anos, terminei o doutorado! Obrigada a todo mundo que aguentou eu falar de formigas. 🐜 #ciência"),
		tip(TopicScience, "Formigas-cortadeiras cultivam fungo há 50 milhões de anos. Agricultura bem antes da gente. #ciência #formigas"),
		say(TopicScience, "Coleta de campo na Mata de Santa Genebra: 4 horas, 300 formigas e um carrapato que veio de brinde. #ciência"),
	},
	"diego_cafe": {
		tip(TopicCoffee, "Café do Cerrado Mineiro na V60 hoje: notas de chocolate e laranja. Moagem média, água a 92 °C. ☕ #café #barista"),
		ask(TopicCoffee, "Quem aí também acha que o melhor pão de queijo é o de padaria de esquina? Combina com qualquer café. #café #bh"),
		invite(TopicCoffee, "Curso de métodos filtrados no sábado: V60, Chemex e prensa francesa. Últimas vagas! #café #barista"),
		tip(TopicCoffee, "Dica de barista: guardem o café em pote fechado, longe da luz. Geladeira não! #café"),
		say(TopicCoffee, "Torra nova de um sítio de Carmo de Minas chegou. Doce como rapadura. #café #cafésespeciais"),
	},
	"mirela": {
		say(TopicShift, "Dia de plantão tranquilo. Que continue assim. 🙏 #enfermagem #plantão"),
		good(TopicShift, "Sete da manhã, fim do plantão noturno. Café com tapioca e cama. #enfermagem"),
		say(TopicBooks, "Li metade de \"O Avesso da Pele\" nas pausas do plantão. Que livro. #leitura"),
	},
	"otavio_hist": {
		shot(City, TopicHistory, "O centro histórico de Ouro Preto amanheceu com neblina. Parecia cenário de filme. #ouropreto #história"),
		say(TopicHistory, "Turistas sempre perguntam se as ladeiras cansam. Cansam. Mas em cada uma tem 300 anos de história. #ouropreto #turismo"),
		invite(TopicHistory, "Visita guiada às igrejas de Aleijadinho no sábado, saída da Praça Tiradentes às 9h. #história #turismo"),
	},
	"carol_danca": {
		invite(TopicDance, "Estreia do espetáculo na sexta no Teatro Castro Alves! Dança contemporânea com percussão ao vivo. 💃 #dança #salvador"),
		say(TopicDance, "Ensaio de sete horas e os pés ainda pedem mais. Dança é teimosia bonita. #dança"),
		invite(TopicBody, "Aula aberta de dança para mulheres acima de 50 no domingo. Só trazer roupa confortável e vontade. #dança #bemestar"),
		say(TopicDance, "Samba de roda no Recôncavo: aprendi mais em uma tarde lá do que em um semestre de faculdade. #dança #cultura"),
		invite(TopicDance, "Sextou! Quem topa um forró hoje à noite? 💃 #sextou #dança"),
	},
	"rodrigo_foto": {
		shot(Landscape, TopicPhoto, "Acabei de ver um tuiuiú de pertinho no Pantanal. Que bicho imponente! #pantanal #fotografia"),
		shot(Landscape, TopicPhoto, "Amanhecer no rio Paraguai, neblina baixa e onça na margem (longe, ainda bem). #pantanal #natureza"),
		shot(Landscape, TopicPhoto, "Pôr do sol na estrada-parque. Cinco horas de espera por dez minutos de luz. 🌅 #pantanal #fotografia"),
		tip(TopicPhoto, "Fotografar bicho é respeitar a distância dele, não a da sua lente. #fotografiadenatureza"),
		shot(Landscape, TopicNature, "Cheia no Pantanal: onde era campo virou espelho d'água. #pantanal #natureza"),
	},
	"bianca_dev": {
		say(TopicCode, "Acordei às 3h com alerta de disco cheio. Eram logs de depuração ligados há seis meses. Fica a lição. #sre #devops"),
		tip(TopicCode, "Pós-incidente sem culpados é o melhor ritual do time. A gente conserta sistemas, não pessoas. #sre"),
		tip(TopicCode, "Alerta bom é o que exige ação. Se ninguém faz nada quando toca, é ruído. Apaguem. #sre #observabilidade"),
		good(TopicCode, "Migramos o banco sem janela de manutenção. Cinco semanas de planejamento para cinco minutos de tensão. #sre #postgres"),
		sad(TopicCode, "Plantão desta semana é meu. Sistemas, comportem-se. 🙏 #sre"),
	},
	"edu": {
		good(TopicFootball, "Mengão na final de novo! Maracanã vai tremer no domingo. 🔴⚫ #flamengo #futebol"),
		say(TopicFootball, "Vinte minutos de fila para comprar ingresso e valeu cada segundo. Uma vez Flamengo, sempre Flamengo. #flamengo"),
		sad(TopicFootball, "Empate com gosto de derrota. O técnico precisa mexer nesse meio de campo. #flamengo #futebol"),
	},
	"yasmin_moda": {
		good(TopicFashion, "Costurei minha primeira saia sem molde pronto. Ficou torta e eu amei. #moda #costura"),
		good(TopicFashion, "Achado do brechó: blazer de linho dos anos 80 por 25 reais. Só precisou de um botão novo. #brechó #moda"),
		tip(TopicFashion, "Moda sem pressa é consertar, trocar e usar até gastar. A peça mais sustentável é a que já está no armário. #moda #sustentabilidade"),
		invite(TopicFashion, "Feira de trocas de roupa no sábado na Praia de Iracema. Tragam peças limpas e levem histórias novas. #brechó #moda"),
		say(TopicFashion, "Aprendendo bordado livre para esconder uma mancha na camisa preferida. Virou a parte mais bonita dela. 🧵 #costura"),
	},
	"henrique_prof": {
		say(TopicSchool, "Aula de hoje: frações com pizza. Todo mundo entendeu e todo mundo ficou com fome. 🍕 #educação #matemática"),
		say(TopicSchool, "Um aluno me perguntou para que serve equação do segundo grau. Mostrei o arco da bola de futebol. Ele ficou em silêncio. #matemática"),
		good(TopicSchool, "Olimpíada de matemática: três alunos da nossa escola pública classificados para a segunda fase! 🏅 #educação #obmep"),
	},
}

// Answers are a topic's comments by the kind of post they fit; those of
// AnyKind fit every post of the topic.
type Answers map[Kind][]string

// For is the comments that fit a post of kind k, in a new slice.
func (a Answers) For(k Kind) []string {
	out := append([]string(nil), a[AnyKind]...)
	if k != AnyKind {
		out = append(out, a[k]...)
	}
	return out
}

// Neutral are warm reactions that fit any post: the answers of a post
// without a topic, and of no other.
var Neutral = []string{"Que legal! 💛", "Obrigado por compartilhar.", "Adorei ler isso.", "Boa! 👏", "Muito bom, de verdade."}

// AnswersTo is the comments that fit a post of topic and kind: its
// topic's for its kind, or Neutral for a post without a topic; a new
// slice, the caller's to shuffle.
func AnswersTo(topic Topic, kind Kind) []string {
	if topic == "" {
		return append([]string(nil), Neutral...)
	}
	return Comments[topic].For(kind)
}

// Comments are what members answer, by the topic of the post they answer
// and its kind: each comment fits every post of its topic and kind.
var Comments = map[Topic]Answers{
	TopicBread: {
		KindStory: {"A Cleide merece um perfil próprio aqui. 😂", "Meu fermento morreu na terceira semana. Me ensina?",
			"Tentativa número 7 já parece de padaria.", "Persistência é o ingrediente principal. 🍞"},
		KindTip: {"Salvei a receita! Quanto tempo de fermentação na geladeira?", "Vou testar no fim de semana.",
			"Obrigado por compartilhar a receita!", "Qual a temperatura do forno?"},
		KindGood: {"Manda foto do pão quando sair!", "Pão caseiro quentinho com manteiga é outra vida.", "Vai, Cleide! 🍞",
			"Casca crocante é tudo."},
	},
	TopicCooking: {
		KindStory: {"Que delícia! Manda um pedaço para cá?", "Cheguei a sentir o cheiro daqui.", "Sua cozinha sempre dá fome.",
			"Que vontade de estar aí."},
		KindTip: {"Vou testar essa receita no fim de semana.", "Salvei! Obrigada por compartilhar.",
			"Receita de família é a melhor que existe. ❤️", "Anotado, vou fazer igualzinho."},
		KindInvite: {"Quero encomendar um de cenoura!", "Ainda dá tempo de encomendar?", "Guarda um pão de mel para mim!"},
		KindAsk: {"Capixaba é a original, não tem discussão.", "Baiano aqui: vamos conversar. 😄",
			"Eu como as duas e fico feliz.", "Pipoca na mão para esse debate."},
		KindGood: {"Que capricho! 👨‍🍳", "Parabéns! Cozinha boa é assim.", "Vida longa à cozinha capixaba.",
			"Que orgulho, merecido demais."},
	},
	TopicCoffee: {
		AnyKind:    {"Agora fiquei com vontade de um café. ☕", "Café bom e conversa boa, nada melhor."},
		KindStory:  {"Que delícia de café.", "Café assim salva qualquer dia.", "Que cheiro bom deve estar aí."},
		KindTip:    {"Anotado! Vou testar amanhã.", "Não sabia dessa, obrigado!", "Dica de ouro. ☕"},
		KindAsk:    {"Concordo! Pão de queijo de padaria não tem igual.", "Discordo: o da minha avó ganha de todos. 😄", "Com café coado, então, perfeito."},
		KindInvite: {"Quero muito fazer esse curso!", "Ainda tem vaga?", "Vai ter outra turma?"},
	},
	TopicDesign: {
		AnyKind: {"Design que respeita quem usa é tudo.", "Que bom ver esse cuidado com as pessoas."},
		KindStory: {"Que processo bonito! Quero saber mais.", "Vocês publicam esses aprendizados em algum lugar?",
			"Adoro acompanhar os bastidores do seu trabalho.", "Queria trabalhar num time assim."},
		KindTip: {"Isso devia ser regra em todo projeto.", "Salvei para mostrar para o meu time.",
			"Concordo demais. Detalhe que muda tudo.", "Anotado para o próximo projeto."},
	},
	TopicCode: {
		KindStory: {"Passei exatamente por isso semana passada.", "Quem nunca? 😅", "Que história! Programação é isso.",
			"Me identifiquei demais."},
		KindTip: {"Concordo demais.", "Vou mandar para o time inteiro ler.", "Isso aqui vale mais do que muito curso.",
			"Salvei para a próxima conversa do time."},
		KindGood: {"Parabéns! Que trabalho bonito.", "Que orgulho! 👏", "Mandou bem demais.", "Isso é que é trabalho bem feito."},
		KindAsk: {"Tem uns cursos gratuitos ótimos, te mando por mensagem.", "Também quero saber! Acompanhando.",
			"Comece pelas diretrizes de acessibilidade da W3C, ajudam demais."},
		KindSad: {"Boa sorte no plantão! 🙏", "Que a semana seja tranquila.", "Torcendo por noites sem alerta."},
	},
	TopicData: {
		AnyKind: {"Que trabalho importante. Obrigado por compartilhar!"},
		KindStory: {"Que trabalho cuidadoso!", "Dados assim mudam a conversa.", "Isso merecia virar notícia.",
			"Dado aberto bem documentado é ouro."},
		KindTip: {"Concordo demais.", "Vou usar na minha aula, posso?", "Salvei para ler com calma.",
			"Dado aberto bem documentado é ouro."},
		KindInvite: {"Vou indicar para as colegas!", "Que iniciativa linda.", "Ainda dá tempo de se inscrever?"},
	},
	TopicScience: {
		KindGood: {"Parabéns pelo trabalho! 👏", "Que conquista!", "Ciência brasileira agradece.", "Que orgulho! Merecido demais."},
		KindTip: {"Que aprendizado bom!", "Não sabia disso, obrigada por contar.", "Salvei para mostrar para meus alunos.",
			"Ciência brasileira é demais."},
		KindStory: {"Que dia cheio!", "Adoro acompanhar os bastidores da pesquisa.", "Que trabalho bonito."},
		KindAsk: {"Que série necessária! Vou acompanhar.", "Indico a professora que me orientou, te mando o contato!",
			"Tem muita pesquisadora incrível no Nordeste, vou listar umas."},
	},
	TopicOcean: {
		KindSad: {"Isso é de partir o coração. Como a gente pode ajudar?", "Triste demais. Obrigado por não deixar a gente esquecer.",
			"Que notícia dura. Tem algum projeto para apoiar?"},
		KindStory: {"Que dia! Enjoo faz parte da ciência. 😅", "Adoro acompanhar esse trabalho.", "O mar agradece o trabalho de vocês."},
		KindPhoto: {"Que lugar lindo!", "Dá vontade de estar aí agora.", "Que foto! O mar está lindo."},
		KindTip:   {"Não fazia ideia. Obrigado por explicar.", "Vou espalhar isso.", "Informação que todo mundo devia saber."},
		KindGood:  {"Que notícia boa! 🐢", "Parabéns a toda a equipe!", "Que alegria ler isso!", "Como faço para ser voluntário?"},
	},
	TopicPhoto: {
		KindPhoto: {"Que foto linda!", "Essa luz ficou perfeita.", "Você tem um olho muito bom para composição.",
			"Isso merece virar quadro.", "Dá vontade de estar aí."},
		KindTip:   {"Verdade! Paciência é metade da foto.", "Concordo demais.", "Vou lembrar disso na próxima saída com a câmera."},
		KindStory: {"35 mm é a lente mais versátil que existe.", "Manda umas fotos feitas com ela!", "Lente usada boa é um achado."},
	},
	TopicNature: {
		KindPhoto: {"Que lugar lindo!", "Natureza brasileira não tem igual.", "Que paz essa imagem.", "Guardei para a próxima viagem."},
		KindTip:   {"Nunca provei! Onde encontro?", "Cerrado tem cada tesouro.", "Vou procurar na feira."},
		KindStory: {"Melhor perfume do mundo, concordo.", "Que delícia de chuva.", "Deu até saudade do interior."},
	},
	TopicGarden: {
		KindGood: {"Que coisa boa! 🌱", "Que orgulho! Horta de varanda é terapia.", "Meu manjericão não vinga de jeito nenhum. Dicas?",
			"Me inspirou a começar a minha."},
		KindSad: {"Força aí com a geada! 🌱", "Lençol velho salva horta, dica de vó.", "Torcendo pelas mudinhas!"},
	},
	TopicMusic: {
		KindStory:  {"Que energia boa! 🎶", "Isso é que é viver de música.", "Quero acompanhar de perto!"},
		KindGood:   {"Que notícia boa! 🎶", "Parabéns! Quero ouvir logo.", "Que orgulho, merecido demais.", "Isso pede comemoração!"},
		KindTip:    {"Samba-rock é vida. 🕺", "Concordo, é um jeito de viver.", "Nem vou discordar, é isso mesmo."},
		KindInvite: {"Bora! Já estou indo.", "Opa, vou sim!", "Que convite bom. 🎶"},
		KindPhoto:  {"Que foto! Dá para ouvir a música daqui.", "A Lapa de madrugada é outra cidade.", "Que noite boa deve ter sido."},
	},
	TopicBooks: {
		KindStory:  {"Também estou lendo! Em que parte você está?", "Esse está na minha lista.", "Leitura boa é companhia."},
		KindTip:    {"Anotado na lista de leitura!", "Que dica boa, obrigada. 📚", "Esse livro mudou minha vida."},
		KindInvite: {"Posso participar do clube?", "Estarei lá na quinta!", "Que escolha boa de livro."},
		KindAsk: {"Acho que abre, mas liga antes para confirmar.", "No feriado costuma fechar: usa a caixa de devolução!",
			"A daqui abre meio período nos feriados."},
		KindGood: {"Aplausos! 👏", "950 páginas! Que fôlego.", "Parabéns! Agora me empresta? 📚"},
	},
	TopicCordel: {
		AnyKind:    {"Cordel é patrimônio do nosso povo."},
		KindInvite: {"Vou estar lá! Guarda um autografado para mim.", "Não perco!", "Que alegria, seu Ribamar!"},
		KindStory:  {"Que rima bonita, seu Ribamar!", "Quero ler o folheto inteiro!", "Começo de mestre."},
		KindGood:   {"Que alegria!", "Ganhou o dia e ganhou o nosso também.", "Que orgulho, seu Ribamar!"},
		KindTip:    {"Falou tudo.", "Dez reais bem gastos.", "Por isso eu coleciono."},
	},
	TopicHistory: {
		AnyKind:    {"Olinda e Ouro Preto são museus a céu aberto."},
		KindStory:  {"Adoro quando você conta essas histórias.", "Não sabia disso! Que interessante.", "História contada assim ninguém esquece."},
		KindPhoto:  {"Parece cenário de filme mesmo!", "Que foto linda.", "Ouro Preto com neblina é mágico."},
		KindInvite: {"Quero fazer esse passeio.", "Dá para levar criança?", "Estarei lá no sábado!"},
	},
	TopicBike: {
		KindGood:   {"Parabéns! Pedalar para o trabalho mudou minha rotina também.", "Um ano! Que marca.", "Inspirador. Quero começar."},
		KindStory:  {"Que mapa útil, obrigado!", "Vou usar amanhã mesmo.", "Devia virar o mapa oficial da prefeitura."},
		KindPhoto:  {"Melhor trajeto mesmo!", "Que vista para voltar para casa.", "Que foto bonita."},
		KindInvite: {"Bora! Estarei lá às 7h.", "Ritmo tranquilo é comigo mesmo.", "Posso levar uma amiga?"},
		KindTip:    {"Ciclovia conectada é tudo. 🚲", "Queria que minha cidade entendesse isso.", "Falou tudo."},
	},
	TopicRunning: {
		KindGood:  {"Parabéns! Que marca!", "Que disciplina! Me inspira.", "Mandou bem demais! 🏃"},
		KindStory: {"Força na maratona! 🏃", "Bora treinar juntos?", "Qual tênis você usa nos longões?"},
		KindPhoto: {"Que vista para treinar!", "Assim até eu acordo cedo.", "Que foto linda."},
	},
	TopicBody: {
		KindTip:    {"Lembrete necessário, obrigada!", "Vou colocar em prática hoje mesmo.", "Anotado!"},
		KindGood:   {"Inspiração pura!", "Quero chegar lá também.", "Que exemplo!"},
		KindStory:  {"Que turma fofa!", "Hahaha, criança é sincera demais.", "Queria estar nessa aula."},
		KindPhoto:  {"Dá para começar melhor não!", "Que paz.", "Que lugar para praticar."},
		KindInvite: {"Quero fazer essa aula!", "Vou chamar minha mãe!", "Que iniciativa linda."},
	},
	TopicGames: {
		KindStory:  {"Hahaha, clássico de mesa de RPG.", "Jogador sempre acha o caminho mais inesperado.", "Dados amaldiçoados existem, certeza."},
		KindInvite: {"Topo! Me chama.", "Quero participar!", "Que legal, vou aparecer."},
		KindAsk:    {"Sugestão: joguem Dandara, é incrível.", "Joguem Chroma Squad!", "Tem uma lista ótima de indies daqui, te mando."},
		KindGood:   {"Quero jogar! Tem demo?", "Pixel art lindo demais.", "Que fase linda!"},
		KindTip:    {"Pixel art é isso mesmo.", "Limite virando estilo, que frase.", "Concordo! Restrição puxa criatividade."},
	},
	TopicArt: {
		KindPhoto:  {"Que foto linda!", "Salvador à noite é outra coisa.", "Que janelas!"},
		KindGood:   {"Que trabalho lindo!", "Que delicadeza!", "Quero ver de perto!", "Arte brasileira é tudo. 🎨"},
		KindStory:  {"Hahaha, não acredito!", "Isso só acontece com artista. 😂", "Rindo aqui, mas força!"},
		KindInvite: {"Vou indicar para os amigos!", "Que oportunidade boa.", "Anotado!"},
		KindAsk:    {"Adota! Dois gatos é metade do trabalho e o dobro de amor.", "Não vou te convencer de nada: adota. 🐈", "Gato nunca é demais."},
		KindTip:    {"Anotado, obrigada!", "Aprendi do mesmo jeito caro. 😅", "Faz diferença mesmo."},
	},
	TopicDance: {
		KindInvite: {"Estarei lá!", "Bora! 💃", "Que programa bom."},
		KindStory:  {"Que bonito isso. 💃", "Que lindo de ler.", "Quero ver vocês dançando!"},
	},
	TopicFootball: {
		KindSad:    {"Nem me fale, sofri junto.", "Ano que vem é nosso!", "Torcedor de verdade não abandona. ⚽", "O técnico precisa acordar."},
		KindGood:   {"Que alegria! ⚽", "Bora que é nosso!", "Futebol é isso, que emoção!"},
		KindStory:  {"Futebol é paixão mesmo.", "Só quem torce entende. ⚽", "Isso é amor de torcedor."},
		KindInvite: {"Estarei lá, sem faltar!", "Refrigerante garantido então. 😂", "Bora treinar!"},
	},
	TopicSky: {
		KindTip:    {"Vou olhar hoje à noite!", "Que dica boa, obrigado!", "Será que dá para ver daqui da cidade?"},
		KindPhoto:  {"Que céu! ✨", "Aqui na cidade não dá para ver nada assim.", "Que foto incrível do céu."},
		KindInvite: {"Posso ir na observação?", "Estarei lá!", "Vou levar as crianças."},
		KindGood:   {"Que foto incrível! ✨", "Paciência rende mesmo.", "Com celular?! Que talento."},
	},
	TopicEconomy: {
		KindStory:  {"Que bacana!", "Adoro quando você explica essas coisas.", "Compartilhando aqui."},
		KindSad:    {"O preço do café está assustador mesmo.", "Senti isso no mercado semana passada.", "Nem me fale, aqui em casa já mudou o café."},
		KindTip:    {"Finalmente alguém explicou direito.", "Manda mais fios assim, ajuda muito.", "Concordo demais."},
		KindInvite: {"Bora! Quero ver esse cruzamento.", "Essa parceria vai render.", "Que ideia boa!"},
	},
	TopicFamily: {
		KindStory: {"Hahaha, me identifiquei demais.", "Que fofura! ❤️", "Hahaha, ri alto aqui."},
		KindSad:   {"Força, mamãe! Vai passar.", "Abraço apertado! ❤️", "Estamos com você."},
		KindAsk:   {"Aqui nunca sincronizou, só aceitei. 😅", "Rotina igual para os dois ajudou muito aqui.", "Quando descobrir, me conta!"},
	},
	TopicSchool: {
		KindStory: {"Queria ter tido um professor assim!", "Os alunos têm sorte de ter você.", "Hahaha, adoro essas histórias de sala de aula."},
		KindGood:  {"Educação pública de qualidade existe. Parabéns!", "Que orgulho desses alunos!", "Parabéns a eles e a você! 🏅"},
	},
	TopicFashion: {
		KindGood:   {"Amei! ✨", "Que coisa boa!", "Quero ver foto!"},
		KindStory:  {"Que ideia linda!", "Quero aprender bordado também.", "Mancha virou arte."},
		KindTip:    {"Moda sem pressa é o caminho.", "Concordo demais.", "Meu armário agradece o lembrete."},
		KindInvite: {"Vou levar umas peças!", "Estarei lá!", "Que iniciativa boa."},
	},
	TopicMarket: {
		AnyKind:    {"Feira é o melhor lugar da cidade."},
		KindInvite: {"Domingo estou lá cedinho.", "Guarda um pouco para mim!", "Banca do seu Joaquim é a melhor!"},
		KindStory:  {"30 anos! Que história.", "Freguês bem tratado volta sempre.", "Respeito demais, seu Joaquim."},
	},
	TopicShift: {
		AnyKind:   {"Obrigada por cuidar da gente. 💙", "Enfermagem é tudo."},
		KindStory: {"Que continue assim! 🙏", "Bom plantão!"},
		KindGood:  {"Descansa bem!", "Bom descanso depois do plantão!", "Merecido demais."},
	},
	TopicCommunity: {
		AnyKind:    {"Obrigado pelo trabalho, Rafa!", "Moderação assim faz a rede ser boa de usar."},
		KindTip:    {"Importante demais.", "Valeu pelo aviso.", "Anotado!"},
		KindStory:  {"Denunciar com motivo é o mínimo. 👍"},
		KindInvite: {"Bom saber que dá para perguntar."},
	},
	TopicPersonal: {
		KindSad:   {"Força! Tudo passa. 💛", "Estamos aqui com você.", "Conte comigo para o que precisar."},
		KindStory: {"Descansa bem! 💛", "Aproveita, você merece.", "Volta com tudo!"},
		KindGood:  {"Que notícia boa! Parabéns! 🎉", "Merecido demais!", "Vai arrasar!"},
	},
	TopicDaily: {
		KindStory: {"Hahaha, verdade.", "Observação precisa.", "Isso é muito cotidiano brasileiro."},
	},
}

// The reported post and comment waiting for moderation.
const (
	SpamPostText    = "GANHE DINHEIRO RÁPIDO!!! Clique no link e fique rico em 7 dias: https://promo.exemplo.com.br/ganhe #promoção"
	RudeCommentText = "Que post ridículo, ninguém liga para isso."
	SpamReason      = "Parece golpe: promete dinheiro fácil com link suspeito."
	RudeReason      = "Comentário ofensivo com outra pessoa."
)
