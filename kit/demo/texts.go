package demo

// Topic is what a post is about; the comments on a post are drawn from its
// topic's, so that a bread recipe is answered about bread.
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
	Photo       PhotoKind
	FriendsOnly bool
}

func say(topic Topic, text string) Line { return Line{Text: text, Topic: topic} }

func shot(kind PhotoKind, topic Topic, text string) Line {
	return Line{Text: text, Topic: topic, Photo: kind}
}

func inner(text string) Line { return Line{Text: text, Topic: TopicPersonal, FriendsOnly: true} }

// Voices are each demo member's own posts, written to their bio: nobody
// posts another member's words. A member writes as many of them in the
// week as their reach allows (PostsByReach), in a seeded order.
var Voices = map[string][]Line{
	MemberHandle: {
		say(TopicDesign, "Passei a manhã redesenhando o fluxo de cadastro de um app de saúde. Tiramos quatro telas e ninguém sentiu falta. #design #ux"),
		say(TopicCoffee, "Café coado na caneca da Sudene que herdei da minha avó. Segunda-feira começa bem assim. ☕ #café #bomdia"),
		shot(City, TopicPhoto, "Recife Antigo acendendo as luzes depois da chuva. 🌃 #recife #fotografia"),
		say(TopicDesign, "Contraste não é detalhe estético: é gente conseguindo ler a tela no sol do meio-dia. #design #acessibilidade"),
		say(TopicMusic, "Ensaio do bloco hoje à noite. Faltam poucas semanas para o Carnaval e eu já estou sem voz de tanto cantar frevo. 🎺 #frevo #carnaval"),
		say(TopicDesign, "Obrigada, @%s, pela revisão do protótipo! Os comentários sobre a navegação mudaram tudo. 🎨 #design"),
		say(TopicDesign, "Tipografia nova no projeto: uma fonte brasileira, gratuita e com acentos bem desenhados. Faz diferença. #design #tipografia"),
		inner("Só para quem me segue: semana puxada, mas a equipe é incrível e isso segura qualquer prazo. 💛"),
	},
	"joao_pedro": {
		say(TopicCode, "Migrei um serviço inteiro de filas caseiras para o PostgreSQL com SKIP LOCKED. Menos uma peça para quebrar às 3h. #dev #postgres"),
		say(TopicRunning, "Longão de 25 km hoje cedo no Ibirapuera. As pernas reclamaram, a cabeça agradeceu. 🏃 #corrida #maratona"),
		say(TopicFamily, "O Thor descobriu que o aspirador de pó é o inimigo mortal dele. Latiu vinte minutos para o armário. 🐕 #cachorro"),
		say(TopicCode, "Revisão de código boa é a que explica o porquê, não só aponta o erro. Aprendi isso com quem revisava os meus. #dev #carreira"),
		shot(Landscape, TopicRunning, "Nascer do sol no treino de sábado. Vale cada despertador às 5h. #corrida"),
		say(TopicCode, "Log estruturado salvou meu dia: achei o bug filtrando por um campo em vez de ler mil linhas. #dev #observabilidade"),
		say(TopicRunning, "Faltam seis semanas para a maratona de São Paulo. Planilha impressa e colada na geladeira. #corrida #maratona"),
		say(TopicFamily, "@%s, o Thor mandou avisar que aceita visitas com petisco. Sem petisco ele também aceita, mas fica ofendido. 🐶 #cachorro"),
	},
	"mariaclara": {
		say(TopicScience, "Saiu minha reportagem sobre as ondas de calor marinhas no litoral sul. Foram três meses ouvindo pesquisadores. 🌊 #ciência #clima"),
		say(TopicOcean, "O aquecimento do Atlântico Sul não é abstrato: pescadores de Santa Catarina já mudaram o calendário da tainha. #clima #oceanos"),
		shot(Landscape, TopicNature, "Entardecer na Lagoa da Conceição depois de um dia inteiro de entrevistas. #floripa #natureza"),
		say(TopicScience, "Dica para quem escreve sobre ciência: pergunte ao pesquisador o que ele NÃO sabe ainda. As melhores histórias estão aí. #jornalismo #ciência"),
		say(TopicOcean, "Passei o dia num barco com a equipe que mapeia os corais de Fernando de Noronha. Enjoei, mas valeu. 🐠 #oceanos #ciência"),
		say(TopicScience, "Novo episódio do podcast: como as boias medem a temperatura do mar e por que elas importam para a previsão do tempo. #ciência #clima"),
		say(TopicScience, "Obrigada, @%s, pela entrevista de ontem. Saí com o caderno cheio e muitas perguntas novas. #jornalismo"),
		say(TopicBooks, "Relendo \"A Terra Inabitável\" para uma matéria. Continua assustador e necessário. #leitura #clima"),
		shot(Landscape, TopicOcean, "Maré baixa no Campeche: dá para ver as rochas que só aparecem poucas vezes por ano. #oceanos #natureza"),
		say(TopicScience, "Mulheres na ciência brasileira: estou montando uma série de perfis. Indiquem pesquisadoras que vocês admiram! #ciência #mulheresnaciência"),
		say(TopicOcean, "Manguezal não é lama, é berçário. Repito isso em toda palestra e vou continuar repetindo. 🦀 #oceanos #natureza"),
		inner("Para quem me segue: vou tirar uns dias para descansar depois do fechamento. Volto com histórias novas."),
	},
	"luizinho": {
		shot(City, TopicPhoto, "Terça é dia de preto e branco. Praça Sete às 19h, gente apressada e luz de vitrine. #fotografia #bh"),
		shot(City, TopicPhoto, "Viaduto Santa Tereza visto de baixo. A cidade tem mais linhas do que parece. #fotografia #fotografiaderua"),
		say(TopicPhoto, "Fotografia de rua é 90% esperar e 10% ter coragem de levantar a câmera. #fotografiaderua"),
		shot(City, TopicPhoto, "Mercado Central fechando. O último feirante sempre tem a melhor história. #fotografia #bh"),
		say(TopicPhoto, "Comprei uma lente 35 mm usada e ela já pagou o preço em uma semana de fotos. #fotografia"),
	},
	"ana_lu_tech": {
		say(TopicData, "Escrevi sobre como organizar dados abertos da prefeitura sem enlouquecer: https://blog.exemplo.com.br/dados-abertos #dadosabertos #python"),
		say(TopicData, "O Portal da Transparência mudou o formato dos CSVs de novo. Meu pipeline agradece o teste que pegou isso antes da produção. #dados #python"),
		say(TopicData, "Política pública boa começa com pergunta boa, não com painel bonito. #dados #políticaspúblicas"),
		say(TopicCode, "pandas ou polars? Para 200 mil linhas, tanto faz. Para 200 milhões, a conversa muda. #python #dados"),
		say(TopicData, "Cruzei dados do Censo com as linhas de ônibus do DF: metade das quadras do Sol Nascente fica a mais de 1 km de um ponto. #dadosabertos #mobilidade"),
		say(TopicData, "Oficina gratuita de Python para servidoras públicas no sábado. Ainda temos vagas! #python #dados"),
		say(TopicCode, "Documentar o dicionário de dados é chato. Descobrir o que significa a coluna \"flag_2\" seis meses depois é pior. #dados"),
		say(TopicData, "@%s, os números que você pediu sobre evasão escolar estão no repositório. Qualquer dúvida, me chama. #dadosabertos"),
		say(TopicData, "Lei de Acesso à Informação completou mais um ano. Pedi os dados de merenda de 27 capitais; 19 responderam no prazo. #transparência #dados"),
		say(TopicCode, "Meu script de limpeza de endereços tem 40 expressões regulares e nenhuma delas me orgulha. #python #dev"),
		say(TopicData, "Gráfico de barras empilhadas raramente é a resposta. Quase sempre são barras lado a lado. #dados #visualização"),
		inner("Só para amigos: recebi o convite para coordenar o time de dados. Ainda não acredito. 🥹"),
	},
	"thiago_som": {
		say(TopicMusic, "Chegou o vinil do Bebeto que eu procurava havia anos. Lado B inteiro tocando aqui no estúdio. 🎶 #música #vinil #sambarock"),
		say(TopicMusic, "Gravamos a base de baixo do disco novo em um take só. O baterista ainda está comemorando. #música #estúdio"),
		shot(City, TopicMusic, "Lapa depois do show, quase 2h da manhã. A cidade ainda estava tocando. #rio #música"),
		say(TopicMusic, "Samba-rock não é gênero, é um jeito de dançar a vida. Discordem nos comentários. 🕺 #sambarock"),
		say(TopicMusic, "Feira de discos no domingo em Botafogo. Levem lista e dinheiro trocado. #vinil #música"),
		say(TopicMusic, "@%s, aquele groove que você mandou virou faixa. Te devo uma cerveja e um crédito no encarte. 🎸 #música"),
		say(TopicMusic, "Produzindo uma cantora de Madureira que vai dar o que falar. Guardem esse nome quando sair. #música #produção"),
		say(TopicMusic, "A rádio de jazz está inspirada hoje. Entrem na sala para ouvir junto! 🎷 #música #jazz"),
	},
	"gabi": {
		say(TopicGarden, "Terminei de montar minha horta vertical na varanda. Manjericão, alecrim e muita esperança. 🌱 #horta"),
		say(TopicGarden, "O tomate-cereja vingou!!! Três tomatinhos, mas são meus. 🍅 #horta"),
		say(TopicGarden, "Geada em Curitiba e eu cobrindo as mudas com lençol velho às 22h. #horta #inverno"),
	},
	"fernanda_oliveira_albuquerque": {
		say(TopicHistory, "Levei a turma do segundo ano para ver os azulejos do Convento de São Francisco. Silêncio absoluto por dez minutos. Vitória. #história #olinda"),
		say(TopicSchool, "Perguntei qual período da história eles gostariam de visitar. Um aluno respondeu: \"qualquer um sem prova bimestral\". #educação"),
		say(TopicHistory, "Toda rua de Olinda tem uma data esquecida. Esta semana: a ladeira onde se reuniam os revoltosos de 1710. #história"),
		say(TopicBooks, "Indicação para quem ensina: \"Brasil: uma biografia\", da Lilia Schwarcz e da Heloisa Starling. Uso em quase toda aula. #leitura #história"),
		say(TopicSchool, "Corrigindo 120 redações sobre a Independência. Uma delas tinha trilha sonora sugerida. Nota extra pela criatividade. #educação"),
	},
	"caio_bike": {
		say(TopicBike, "Hoje faz um ano que comecei a pedalar para o trabalho. Economizei tempo, dinheiro e paciência no trânsito. 🚲 #mobilidade #bike"),
		say(TopicBike, "Fiz um mapa das ciclovias de Porto Alegre com dados abertos: https://mapas.exemplo.com.br/ciclovias #mobilidade #dadosabertos"),
		shot(City, TopicBike, "Orla do Guaíba à noite, voltando do trabalho de bicicleta. Melhor trajeto da cidade. #mobilidade #poa"),
		say(TopicBike, "Bora pedalar no domingo? Saída às 7h da Redenção, ritmo tranquilo. @%s vem também! #mobilidade #bike"),
		say(TopicBike, "Ciclofaixa sem conexão é só tinta no chão. A rede precisa ligar bairro com bairro. #mobilidade"),
	},
	"dona_cida": {
		say(TopicCooking, "Dia de rodízio de bolos aqui em casa: cenoura com chocolate, fubá e laranja. Os netos já chegaram com fome. 🍰 #bolo #cozinha"),
		say(TopicCooking, "Segredo do bolo de fubá cremoso: queijo ralado na massa e forno sem pressa. Não contem para ninguém. #bolo #receita"),
		say(TopicFamily, "Minha neta me ensinou a usar esta rede. Se eu escrever errado, a culpa é dela. 😄 #família"),
		say(TopicCooking, "Encomendas de bolo para o Natal abertas! Pão de mel, bolo de nozes e o de sempre, de cenoura. #bolo #encomendas"),
		say(TopicCooking, "Doce de leite de panela, mexendo por duas horas. Tem coisa que não dá para apressar. #doces #cozinha"),
	},
	"renato_rpg": {
		say(TopicGames, "Sessão de RPG de ontem: os jogadores negociaram com o dragão em vez de lutar. Seis meses de preparo de combate jogados fora. 🐉 #rpg"),
		say(TopicGames, "Estou escrevendo uma campanha de RPG no sertão de 1920, com cangaço e assombração. Alguém topa testar? #rpg #mesa"),
		say(TopicCode, "Analista de sistemas de dia: passei três horas achando um ponto e vírgula. Mestre de RPG à noite: invento reinos em dez minutos. #dev"),
		say(TopicGames, "Dado de 20 lados caiu no 1 três vezes seguidas. O bardo agora é conhecido como \"o azarado\". #rpg"),
		say(TopicGames, "Mesa aberta em Londrina no sábado: iniciantes são muito bem-vindos, eu explico as regras. #rpg #londrina"),
	},
	"juliana_fisio": {
		say(TopicBody, "Lembrete de fisioterapeuta: aumentem o volume do treino no máximo 10% por semana. Seu joelho agradece. 🦵 #saúde #corrida"),
		say(TopicBody, "Dor que muda seu jeito de pisar não é \"normal de quem treina\". Procurem avaliação. #saúde #fisioterapia"),
		say(TopicBody, "Alongamento antes da corrida: dinâmico. Depois: leve. Parado por um minuto antes de sair não ajuda muito. #fisioterapia"),
		say(TopicBody, "Atendi hoje um atleta de 71 anos que corre meia maratona. Quero ser assim quando crescer. #saúde #corrida"),
		say(TopicBody, "Sentados há mais de uma hora? Levantem agora, girem os ombros e voltem. Eu espero. 😉 #saúde"),
	},
	"pedro_henrique": {
		shot(City, TopicArt, "Fachadas do Pelourinho à noite. Passei a tarde desenhando e a noite fotografando as mesmas janelas. #arquitetura #salvador"),
		say(TopicArt, "Caderno de croquis número 12 terminado. 80 fachadas de casarões do Santo Antônio Além do Carmo. ✏️ #desenho #arquitetura"),
		say(TopicArt, "Entrega de projeto amanhã e minha maquete perdeu uma escada. Alguém viu uma escada de balsa por aí? #arquitetura"),
	},
	"larissa_mar": {
		say(TopicOcean, "A tartaruga que acompanhamos desde o ninho voltou para a mesma praia para desovar! 🐢 #tartarugas #oceanos"),
		shot(Landscape, TopicOcean, "Praia de Pipa às 5h30, antes da primeira ronda de ninhos. #oceanos #natureza"),
		say(TopicOcean, "Se encontrarem uma tartaruga na areia, não ajudem a chegar ao mar. Chamem o projeto de monitoramento. 🐢 #tartarugas"),
		say(TopicOcean, "Branqueamento de coral de novo em Maracajaú. A água passou de 30 °C por três semanas. #oceanos #clima"),
		say(TopicOcean, "Relatório da temporada: 212 ninhos monitorados e mais de 15 mil filhotes no mar. Obrigada, voluntários! #tartarugas #ciência"),
		say(TopicOcean, "@%s, a foto dos filhotes que você fez entrou no nosso relatório anual. Com crédito, claro! 🐢 #oceanos"),
		shot(Landscape, TopicNature, "Dunas de Genipabu no fim da tarde, voltando da coleta. Areia até na alma. #natureza"),
		say(TopicOcean, "Canudo plástico é só o começo. A maior parte do lixo que achamos nas praias são redes de pesca perdidas. #oceanos"),
	},
	"seu_joaquim": {
		say(TopicMarket, "Banana-prata docinha chegando no domingo. Quem chegar cedo leva a penca mais bonita. 🍌 #feira #fortaleza"),
		say(TopicMarket, "30 anos de feira e ainda acordo às 3h com gosto. O segredo é conversar com o freguês. #feira"),
		say(TopicMarket, "Caju, pitanga e umbu na banca hoje. O verão chegou de vez! #feira #verão"),
	},
	"isa_le": {
		say(TopicBooks, "O clube do livro desta quinta vai discutir \"Quarto de Despejo\". Todo mundo convidado! #leitura #livros"),
		say(TopicBooks, "Dica de leitura da semana: \"Torto Arado\", do Itamar Vieira Junior. Não consegui largar. #leitura #livros"),
		say(TopicBooks, "Estou lendo três livros ao mesmo tempo de novo. Um na bolsa, um na cabeceira e um no celular. #leitura"),
		say(TopicBooks, "Alguém sabe se a biblioteca municipal de Niterói abre no feriado? Preciso devolver antes da multa. #leitura"),
		say(TopicBooks, "Terminei um livro! Sim, terminei. \"Um defeito de cor\", 950 páginas. Aceito aplausos. 📚 #leitura #livros"),
	},
	"marcos_vinicius": {
		say(TopicBread, "Tentando aprender pão de fermentação natural. Tentativa número 7. O fermento se chama Cleide e tem personalidade forte. 🍞 #pão #fermentaçãonatural"),
		say(TopicCooking, "Receita da moqueca capixaba da minha avó, sem segredo guardado: https://cozinha.exemplo.com.br/moqueca #moqueca #cozinha"),
		say(TopicCooking, "Moqueca capixaba não leva dendê nem leite de coco. Pode vir, Bahia, estou pronto para o debate. 🍲 #moqueca"),
		say(TopicBread, "Receita do meu pão de fermentação natural: 500 g de farinha, 350 ml de água, 100 g de levain, 10 g de sal e muita paciência. #pão #receita"),
		say(TopicCooking, "Panela de barro nova curada com óleo e paciência. Só as paneleiras de Goiabeiras fazem igual. #cozinha #vitória"),
		say(TopicBread, "A Cleide (meu fermento) dobrou de tamanho em quatro horas. Hoje sai pão de casca crocante. #pão"),
		say(TopicCooking, "@%s, a torta capixaba que você pediu está no forno. Palmito, bacalhau e muita história. #cozinha"),
		say(TopicCooking, "Restaurante lotado no sábado e a equipe segurou o serviço sem um prato errado. Orgulho dessa cozinha. 👨‍🍳 #cozinha"),
	},
	"bruna_code": {
		say(TopicCode, "Se o botão só tem ícone, ele precisa de nome acessível. Leitor de tela não enxerga o seu SVG bonito. #acessibilidade #frontend"),
		say(TopicCode, "TypeScript strict ligado num projeto antigo: 312 erros. Vou resolver um por dia, como quem toma vitamina. #typescript #frontend"),
		say(TopicCode, "Testei nosso formulário só com teclado e fiquei presa num modal. Bug de acessibilidade corrigido antes do almoço. #acessibilidade"),
		say(TopicCode, "Se você está começando em programação: leia código dos outros. Muito. Aprende-se mais do que em qualquer curso. #dev #carreira"),
		say(TopicCode, "Alguém indica um bom curso de acessibilidade digital? Quero me aprofundar. @%s, você que manja! #acessibilidade #dev"),
		say(TopicCode, "Foco visível não é feio. Feio é ninguém conseguir saber onde está na página. #acessibilidade #css"),
		say(TopicCode, "Palestrei no meetup de frontend de SP sobre formulários acessíveis. Slides no meu site! #frontend #acessibilidade"),
		say(TopicCode, "Mentoria de sexta: ajudei uma dev júnior a escrever o primeiro teste de componente. Ela saiu sorrindo. #dev #mentoria"),
	},
	"zeh": {
		say(TopicDaily, "Observando o movimento da padaria. Ninguém pede pão na chapa como antigamente. #cotidiano"),
		say(TopicDaily, "Choveu a tarde toda. Fiquei na janela vendo o rio da sarjeta passar. 🌧️ #chuva"),
		say(TopicDaily, "Vi três pessoas discutindo futebol no ponto de ônibus e nenhuma torcia para o mesmo time. Democracia. #cotidiano"),
	},
	"helena_astro": {
		say(TopicSky, "Lua cheia hoje! Quem tiver um binóculo, olhe para as crateras perto da borda. 🌕 #astronomia"),
		shot(Landscape, TopicSky, "O céu de Campina Grande estava tão limpo que deu para ver a Via Láctea do quintal. ✨ #astronomia #céu"),
		say(TopicSky, "Júpiter e Saturno bem visíveis depois das 21h, no leste. Não precisa de telescópio para achar. #astronomia"),
		say(TopicSky, "Chuva de meteoros Geminídeas na madrugada de sábado. Quem vem para a observação na Serra de Bodopitá? #astronomia"),
		say(TopicSky, "Consegui fotografar a Nebulosa de Órion com um telescópio de 15 anos e um celular. Paciência é o melhor equipamento. #astronomia"),
	},
	"rafa_modera": {
		say(TopicCommunity, "Lembrete da moderação: discordar é bem-vindo, atacar pessoas não. Denunciem o que passar do ponto. #comunidade"),
		say(TopicCommunity, "Recebemos muitas denúncias de links de golpe esta semana. Não cliquem em promessas de dinheiro fácil! #segurança #comunidade"),
		say(TopicCommunity, "Nova regra da comunidade: posts de venda só com #vendas na descrição. Fica mais fácil para quem quer e para quem não quer ver. #comunidade"),
		say(TopicCommunity, "Obrigado a quem denuncia com motivo claro. Facilita muito o trabalho da moderação. 🙏 #comunidade"),
		say(TopicCommunity, "Dúvidas sobre por que um post saiu do ar? Me mandem mensagem que eu explico cada caso. #comunidade #moderação"),
	},
	"tati_yoga": {
		say(TopicBody, "Aula de yoga para crianças hoje: 12 minutos de meditação e 48 minutos de gente fingindo ser gato. Sucesso total. 🧘 #yoga"),
		shot(Landscape, TopicBody, "Saudação ao sol na praia do Santinho. Dá para começar o dia melhor? #yoga #floripa"),
		say(TopicBody, "Respirar contando até quatro antes de responder uma mensagem difícil. Funciona em casa, no trabalho e no trânsito. #yoga #bemestar"),
		say(TopicBody, "Turma nova de yoga para iniciantes às terças e quintas, 7h. Não precisa ser flexível, só curioso. #yoga"),
		say(TopicBody, "Postura do dia: cachorro olhando para baixo. Minha aluna de 6 anos disse que o cachorro dela faz melhor. #yoga"),
	},
	"andre_futebol": {
		say(TopicFootball, "Meu time perdeu de novo. Não quero falar sobre isso. Só vou postar para registrar a dor. ⚽ #futebol #sport"),
		say(TopicFootball, "Time do bairro venceu por 3 a 1 no campinho da Várzea! O lateral de 52 anos fez gol de cabeça. #futebol #várzea"),
		say(TopicFootball, "Ilha do Retiro lotada domingo. Leão é Leão, não importa a fase. 🦁 #sport #futebol"),
		say(TopicFootball, "Treino do time do bairro às 19h. Quem faltar paga o refrigerante. #futebol #várzea"),
		say(TopicFootball, "@%s, aposta feita: se o clássico empatar, eu pago o almoço. Se o Sport ganhar, você paga dois. #futebol"),
	},
	"camila_ux": {
		say(TopicDesign, "Cinco entrevistas com usuários esta semana e todas disseram a mesma coisa sobre o botão que a gente adorava. Vamos mudar. #ux #pesquisa"),
		say(TopicDesign, "Pergunta de pesquisa que eu mais uso: \"me conta a última vez que você fez isso\". Histórias reais valem mais que opiniões. #ux"),
		say(TopicDesign, "Teste de usabilidade em Belo Horizonte com pessoas acima de 60 anos. Aprendi mais hoje do que no mês inteiro. #ux #pesquisa"),
		say(TopicDesign, "Mapa de jornada pendurado na parede do escritório. Cada post-it é uma pessoa que a gente entrevistou. #ux"),
		say(TopicDesign, "@%s, compartilhei o roteiro das entrevistas no nosso drive. Comenta o que faltou! #ux #pesquisa"),
	},
	"vitor_hugo": {
		shot(Landscape, TopicNature, "Agrofloresta de três anos no cerrado: banana, baru e mogno crescendo juntos onde antes era pasto degradado. 🌳 #agrofloresta #cerrado"),
		say(TopicNature, "Baru é a castanha do cerrado e quase ninguém conhece. Torrado fica melhor que amendoim. #cerrado #agrofloresta"),
		say(TopicNature, "Primeira chuva de outubro no Mato Grosso. O cheiro de terra molhada é o melhor perfume do mundo. #cerrado #chuva"),
	},
	"leticia_arte": {
		say(TopicArt, "Primeira aquarela do ano: um ipê amarelo na praça do bairro. 🌼 #arte #aquarela"),
		say(TopicArt, "Encomendas abertas para retratos de pets em aquarela! Gatos, cachorros e até um jabuti já passaram por aqui. 🐈 #aquarela #ilustração"),
		say(TopicArt, "Pensando seriamente em adotar um segundo gato. @%s, me convence a não fazer isso. 🐈 #gatos"),
		say(TopicArt, "Papel de algodão 300 g faz toda a diferença. Aprendi do jeito caro. #aquarela #arte"),
		say(TopicArt, "Ilustrei a capa de um livro infantil de uma autora gaúcha! Lançamento mês que vem. 📚 #ilustração #arte"),
		say(TopicArt, "Meu gato sentou em cima da aquarela molhada. A obra agora é colaborativa. #gatos #aquarela"),
		say(TopicArt, "A nova exposição do museu está imperdível: https://museu.exemplo.com.br/exposicoes #arte #cultura"),
		say(TopicArt, "Sketchbook de viagem: cinco dias em Gramado, 23 desenhos e um dedo manchado de azul até agora. #ilustração #arte"),
	},
	"ribamar": {
		say(TopicCordel, "Semana que vem tem lançamento do meu cordel novo na feira do livro de São Luís. Apareçam! #cordel #livros"),
		say(TopicCordel, "\"Quem conta um causo aumenta um ponto, e quem escuta aumenta dois.\" Assim começa o folheto que estou rimando. #cordel"),
		say(TopicCordel, "Xilogravura da capa pronta! Um boi-bumbá dançando na beira do rio. Ficou do jeito que eu sonhei. #cordel #xilogravura"),
		say(TopicCordel, "Recitei cordel para uma turma de escola pública hoje. Uma menina me entregou uma rima dela no fim. Ganhei o dia. #cordel #educação"),
		say(TopicCordel, "Cordel é jornal, é poesia e é história do povo. Tudo em oito páginas e dez reais. #cordel"),
	},
	"nath_corre": {
		say(TopicRunning, "Terminei os 10 km abaixo de uma hora pela primeira vez! Rumo aos 21. 🏃‍♀️ #corrida"),
		shot(Landscape, TopicRunning, "Treino no Aterro do Flamengo com o Pão de Açúcar de testemunha. #corrida #rio"),
		say(TopicRunning, "Inscrição feita para a primeira maratona! Agora não tem mais volta. #corrida #maratona"),
	},
	"gustavo_eco": {
		say(TopicEconomy, "Acabei de publicar um gráfico da inflação dos alimentos no último ano: https://dados.exemplo.com.br/inflacao #economia #inflação"),
		say(TopicEconomy, "Preço do café subiu de novo. Vou começar a medir o grão na balança de precisão. ☕ #café #economia"),
		say(TopicEconomy, "Juros altos por muito tempo não doem só no crédito: adiam obras, contratações e sonhos. #economia"),
		say(TopicEconomy, "Fio para quem pergunta por que o tomate subiu: chuva, frete e entressafra. Nada de mistério. 🍅 #economia #inflação"),
		say(TopicEconomy, "IPCA saiu abaixo do esperado. Não comemorem ainda: serviços continuam pressionando. #economia #inflação"),
		say(TopicEconomy, "@%s, seu gráfico de ciclovias me deu uma ideia para cruzar com gasto de combustível. Bora? #economia #dados"),
		say(TopicEconomy, "Eixo vertical que não começa no zero é pecado capital em gráfico de barras. Estou de olho. 👀 #economia #dados"),
		say(TopicEconomy, "Dei aula de economia para o ensino médio hoje. A melhor pergunta: \"por que o governo não imprime mais dinheiro?\". Rendeu uma hora. #economia #educação"),
	},
	"priscila_mae": {
		say(TopicFamily, "Gêmeos com catapora ao mesmo tempo. Pelo menos acaba junto, né? 😅 #maternidade"),
		say(TopicFamily, "Um dormiu às 20h e o outro às 23h. Mães de gêmeos, como vocês sincronizam isso? #maternidade #gêmeos"),
		say(TopicFamily, "Primeiro dia de escola dos meninos. Eles entraram sem olhar para trás. Eu chorei no carro. #maternidade"),
	},
	"lucas_games": {
		say(TopicGames, "Estou montando uma lista de jogos indie brasileiros para jogar nas férias. Sugestões? #games #indie"),
		say(TopicGames, "Meu jogo de pixel art sobre o Recife Antigo ganhou uma fase nova: o Marco Zero à noite. 🎮 #pixelart #indie"),
		say(TopicCode, "Passei a noite corrigindo um bug de colisão. O personagem atravessava paredes só às sextas-feiras. Não me perguntem. #gamedev"),
		say(TopicGames, "Game jam no Porto Digital neste fim de semana! Tema: \"maré\". Já estou com ideia de jangada. #gamejam #games"),
		say(TopicGames, "Paleta de 16 cores e um mundo inteiro cabe nela. Pixel art é limite virando estilo. #pixelart"),
	},
	"sofia_bio": {
		say(TopicScience, "Depois de três anos, terminei o doutorado! Obrigada a todo mundo que aguentou eu falar de formigas. 🐜 #ciência"),
		say(TopicScience, "Formigas-cortadeiras cultivam fungo há 50 milhões de anos. Agricultura bem antes da gente. #ciência #formigas"),
		say(TopicScience, "Coleta de campo na Mata de Santa Genebra: 4 horas, 300 formigas e um carrapato que veio de brinde. #ciência"),
	},
	"diego_cafe": {
		say(TopicCoffee, "Café do Cerrado Mineiro na V60 hoje: notas de chocolate e laranja. Moagem média, água a 92 °C. ☕ #café #barista"),
		say(TopicCoffee, "Quem aí também acha que o melhor pão de queijo é o de padaria de esquina? Combina com qualquer café. #café #bh"),
		say(TopicCoffee, "Curso de métodos filtrados no sábado: V60, Chemex e prensa francesa. Últimas vagas! #café #barista"),
		say(TopicCoffee, "Dica de barista: guardem o café em pote fechado, longe da luz. Geladeira não! #café"),
		say(TopicCoffee, "Torra nova de um sítio de Carmo de Minas chegou. Doce como rapadura. #café #cafésespeciais"),
	},
	"mirela": {
		say(TopicShift, "Dia de plantão tranquilo. Que continue assim. 🙏 #enfermagem #plantão"),
		say(TopicShift, "Sete da manhã, fim do plantão noturno. Café com tapioca e cama. #enfermagem"),
		say(TopicBooks, "Li metade de \"O Avesso da Pele\" nas pausas do plantão. Que livro. #leitura"),
	},
	"otavio_hist": {
		shot(City, TopicHistory, "O centro histórico de Ouro Preto amanheceu com neblina. Parecia cenário de filme. #ouropreto #história"),
		say(TopicHistory, "Turistas sempre perguntam se as ladeiras cansam. Cansam. Mas em cada uma tem 300 anos de história. #ouropreto #turismo"),
		say(TopicHistory, "Visita guiada às igrejas de Aleijadinho no sábado, saída da Praça Tiradentes às 9h. #história #turismo"),
	},
	"carol_danca": {
		say(TopicArt, "Estreia do espetáculo na sexta no Teatro Castro Alves! Dança contemporânea com percussão ao vivo. 💃 #dança #salvador"),
		say(TopicArt, "Ensaio de sete horas e os pés ainda pedem mais. Dança é teimosia bonita. #dança"),
		say(TopicBody, "Aula aberta de dança para mulheres acima de 50 no domingo. Só trazer roupa confortável e vontade. #dança #bemestar"),
		say(TopicArt, "Samba de roda no Recôncavo: aprendi mais em uma tarde lá do que em um semestre de faculdade. #dança #cultura"),
		say(TopicArt, "Sextou! Quem topa um forró hoje à noite? 💃 #sextou #dança"),
	},
	"rodrigo_foto": {
		shot(Landscape, TopicPhoto, "Acabei de ver um tuiuiú de pertinho no Pantanal. Que bicho imponente! #pantanal #fotografia"),
		shot(Landscape, TopicPhoto, "Amanhecer no rio Paraguai, neblina baixa e onça na margem (longe, ainda bem). #pantanal #natureza"),
		shot(Landscape, TopicPhoto, "Pôr do sol na estrada-parque. Cinco horas de espera por dez minutos de luz. 🌅 #pantanal #fotografia"),
		say(TopicPhoto, "Fotografar bicho é respeitar a distância dele, não a da sua lente. #fotografiadenatureza"),
		shot(Landscape, TopicNature, "Cheia no Pantanal: onde era campo virou espelho d'água. #pantanal #natureza"),
	},
	"bianca_dev": {
		say(TopicCode, "Acordei às 3h com alerta de disco cheio. Eram logs de depuração ligados há seis meses. Fica a lição. #sre #devops"),
		say(TopicCode, "Pós-incidente sem culpados é o melhor ritual do time. A gente conserta sistemas, não pessoas. #sre"),
		say(TopicCode, "Alerta bom é o que exige ação. Se ninguém faz nada quando toca, é ruído. Apaguem. #sre #observabilidade"),
		say(TopicCode, "Migramos o banco sem janela de manutenção. Cinco semanas de planejamento para cinco minutos de tensão. #sre #postgres"),
		say(TopicCode, "Plantão desta semana é meu. Sistemas, comportem-se. 🙏 #sre"),
	},
	"edu": {
		say(TopicFootball, "Mengão na final de novo! Maracanã vai tremer no domingo. 🔴⚫ #flamengo #futebol"),
		say(TopicFootball, "Vinte minutos de fila para comprar ingresso e valeu cada segundo. Uma vez Flamengo, sempre Flamengo. #flamengo"),
		say(TopicFootball, "Empate com gosto de derrota. O técnico precisa mexer nesse meio de campo. #flamengo #futebol"),
	},
	"yasmin_moda": {
		say(TopicFashion, "Costurei minha primeira saia sem molde pronto. Ficou torta e eu amei. #moda #costura"),
		say(TopicFashion, "Achado do brechó: blazer de linho dos anos 80 por 25 reais. Só precisou de um botão novo. #brechó #moda"),
		say(TopicFashion, "Moda sem pressa é consertar, trocar e usar até gastar. A peça mais sustentável é a que já está no armário. #moda #sustentabilidade"),
		say(TopicFashion, "Feira de trocas de roupa no sábado na Praia de Iracema. Tragam peças limpas e levem histórias novas. #brechó #moda"),
		say(TopicFashion, "Aprendendo bordado livre para esconder uma mancha na camisa preferida. Virou a parte mais bonita dela. 🧵 #costura"),
	},
	"henrique_prof": {
		say(TopicSchool, "Aula de hoje: frações com pizza. Todo mundo entendeu e todo mundo ficou com fome. 🍕 #educação #matemática"),
		say(TopicSchool, "Um aluno me perguntou para que serve equação do segundo grau. Mostrei o arco da bola de futebol. Ele ficou em silêncio. #matemática"),
		say(TopicSchool, "Olimpíada de matemática: três alunos da nossa escola pública classificados para a segunda fase! 🏅 #educação #obmep"),
	},
}

// Comments are what members answer, by the topic of the post they answer.
var Comments = map[Topic][]string{
	TopicBread: {"Que casca linda! Qual a temperatura do forno?", "A Cleide merece um perfil próprio aqui. 😂",
		"Meu fermento morreu na terceira semana. Me ensina?", "Pão caseiro quentinho com manteiga é outra vida.",
		"Salvei a receita! Quanto tempo de fermentação na geladeira?", "Tentativa número 7 já parece de padaria."},
	TopicCooking: {"Que delícia! Manda um pedaço para cá?", "Vou testar essa receita no fim de semana.",
		"Cheguei a sentir o cheiro daqui.", "Sua cozinha sempre dá fome.",
		"Qual o segredo? Aqui nunca fica igual.", "Receita de família é a melhor que existe. ❤️"},
	TopicCoffee: {"Agora fiquei com vontade de um café.", "Qual moagem você usa para a V60?",
		"Café bom e conversa boa, nada melhor.", "Anotado! Vou procurar esse grão.", "Aqui é prensa francesa, mas respeito. ☕"},
	TopicDesign: {"Que processo bonito! Quero saber mais.", "Isso devia ser regra em todo projeto.",
		"Menos telas, mais gente feliz. Amei.", "Vocês publicam esses aprendizados em algum lugar?",
		"Pesquisa com gente de verdade muda tudo.", "Salvei para mostrar para o meu time."},
	TopicCode: {"Passei exatamente por isso semana passada.", "Isso aqui vale mais do que muito curso.",
		"Concordo demais. Código legível é gentileza.", "Que história! Qual foi a causa no fim?",
		"Vou mandar para o time inteiro ler.", "Acessibilidade devia ser o primeiro item da revisão."},
	TopicData: {"Dado aberto bem documentado é ouro.", "Tem o link do repositório?",
		"Que trabalho importante. Obrigado por compartilhar!", "Esse cruzamento de dados ficou muito bom.",
		"Vou usar na minha aula, posso?"},
	TopicScience: {"Que pesquisa incrível! Parabéns!", "Não sabia disso. Ciência brasileira é demais.",
		"Quero ler o artigo quando sair!", "Divulgação científica assim faz falta.", "Parabéns pelo trabalho! 👏"},
	TopicOcean: {"Que notícia boa! 🐢", "Isso é de partir o coração. Como a gente pode ajudar?",
		"O mar agradece o trabalho de vocês.", "Como faço para ser voluntário?", "Não fazia ideia. Obrigado por explicar."},
	TopicPhoto: {"Que foto linda!", "Essa luz ficou perfeita.", "Qual câmera você usa?",
		"Dá vontade de estar aí.", "Você tem um olho muito bom para composição.", "Isso merece virar quadro."},
	TopicNature: {"Que lugar lindo! Onde é isso?", "Natureza brasileira não tem igual.",
		"Quero muito conhecer!", "Que paz essa imagem.", "Guardei para a próxima viagem."},
	TopicGarden: {"Que orgulho! Horta de varanda é terapia.", "Meu manjericão não vinga de jeito nenhum. Dicas?",
		"Tomate caseiro tem outro gosto!", "Força aí com a geada! 🌱"},
	TopicMusic: {"Que som! Manda o link.", "Samba-rock é vida. 🕺", "Quero ouvir quando sair!",
		"Esse disco é raridade, que achado!", "Entrei na sala, tá demais."},
	TopicBooks: {"Esse livro mudou minha vida.", "Anotado na lista de leitura!", "Posso participar do clube?",
		"Também estou lendo! Em que parte você está?", "Que dica boa, obrigada. 📚"},
	TopicCordel: {"Vou estar lá! Guarda um autografado para mim.", "Cordel é patrimônio do nosso povo.",
		"Que rima bonita, seu Ribamar!", "Meus alunos iam adorar uma apresentação dessas.", "Que capa linda!"},
	TopicHistory: {"Adoro quando você conta essas histórias.", "Não sabia disso! Que interessante.",
		"Quero fazer esse passeio.", "História contada assim ninguém esquece.", "Olinda e Ouro Preto são museus a céu aberto."},
	TopicBike: {"Bora! Estarei lá às 7h.", "Queria que minha cidade tivesse ciclovias assim.",
		"Pedalar para o trabalho mudou minha rotina também.", "Que mapa útil, obrigado!", "Ciclovia conectada é tudo. 🚲"},
	TopicRunning: {"Parabéns! Que marca!", "Bora treinar juntos?", "Que disciplina! Me inspira.",
		"Força na maratona! 🏃", "Qual tênis você usa nos longões?"},
	TopicBody: {"Lembrete necessário, obrigada!", "Levantei agora. 😅", "Quero fazer essa aula!",
		"Minha lombar agradece a dica.", "Que turma fofa!"},
	TopicGames: {"Quero jogar! Tem demo?", "Hahaha, clássico de mesa de RPG.", "Sugestão: joguem Dandara, é incrível.",
		"Pixel art lindo demais.", "Topo testar a campanha!"},
	TopicArt: {"Que delicadeza! Amei as cores.", "Você tem encomendas abertas?", "Que trabalho lindo!",
		"Quero um desses na minha parede.", "Arte brasileira é tudo. 🎨"},
	TopicFootball: {"Nem me fale, sofri junto.", "Ano que vem é nosso!", "Que jogo! Vi tudo pela TV.",
		"O juiz estava de sacanagem.", "Torcedor de verdade não abandona. ⚽"},
	TopicSky: {"Vou olhar hoje à noite!", "Que céu! Aqui na cidade não dá para ver nada.",
		"Posso ir na próxima observação?", "Astronomia é a coisa mais linda.", "Que foto incrível do céu. ✨"},
	TopicEconomy: {"Finalmente alguém explicou direito.", "O preço do café está assustador mesmo.",
		"Que gráfico claro!", "Manda mais fios assim, ajuda muito.", "Senti isso no mercado semana passada."},
	TopicFamily: {"Hahaha, me identifiquei demais.", "Que fofura! ❤️", "Força, mamãe! Vai passar.",
		"Isso é amor de verdade.", "Manda um beijo para eles!"},
	TopicSchool: {"Queria ter tido um professor assim!", "Que aula criativa!", "Educação pública de qualidade existe. Parabéns!",
		"Os alunos têm sorte de ter você.", "Hahaha, essa resposta foi ótima."},
	TopicFashion: {"Ficou linda! Torta é charme.", "Que achado! Qual brechó?", "Moda sem pressa é o caminho.",
		"Quero aprender a costurar também.", "Vou levar umas peças na feira de trocas!"},
	TopicMarket: {"Banana do seu Joaquim é a melhor mesmo!", "Domingo estou lá cedinho.",
		"Feira é o melhor lugar da cidade.", "Guarda uma penca para mim!"},
	TopicShift: {"Obrigada por cuidar da gente. 💙", "Descansa bem!", "Enfermagem é tudo.", "Bom descanso depois do plantão!"},
	TopicCommunity: {"Obrigado pelo trabalho, Rafa!", "Regra boa, faz sentido.", "Já denunciei uns golpes hoje.",
		"Moderação assim faz a rede ser boa de usar."},
	TopicPersonal: {"Força! Tudo passa. 💛", "Estamos aqui com você.", "Que notícia boa! Parabéns! 🎉",
		"Conte comigo para o que precisar.", "Merecido demais!"},
	TopicDaily: {"Hahaha, verdade.", "Observação precisa.", "Isso é muito cotidiano brasileiro.", "Aqui choveu também."},
}

// The reported post and comment waiting for moderation.
const (
	SpamPostText    = "GANHE DINHEIRO RÁPIDO!!! Clique no link e fique rico em 7 dias: https://promo.exemplo.com.br/ganhe #promoção"
	RudeCommentText = "Que post ridículo, ninguém liga para isso."
	SpamReason      = "Parece golpe: promete dinheiro fácil com link suspeito."
	RudeReason      = "Comentário ofensivo com outra pessoa."
)
