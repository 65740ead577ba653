package demo

// Texts of the demo posts and comments. "@%s" in a post names another
// member. A few hashtags come back often so that they trend.
var PostTexts = []string{
	"Bom dia! Café passado, playlist de MPB e uma lista de tarefas que não acaba mais. ☕ #bomdia",
	"Alguém mais acordou com essa chuva? Dia perfeito para ficar em casa lendo. 🌧️ #chuva #leitura",
	"Terminei hoje o projeto que me tirou o sono o mês inteiro. Obrigada, @%s, pela ajuda nos testes! 🎉",
	"Sextou! Quem topa um forró hoje à noite? 💃 #sextou",
	"Dica de leitura da semana: \"Torto Arado\", do Itamar Vieira Junior. Não consegui largar. #leitura #livros",
	"A feira de domingo estava linda: caju, pitanga e umbu. O verão chegou de vez! #feira #verão",
	"Escrevi sobre como organizar dados abertos da prefeitura sem enlouquecer: https://blog.exemplo.com.br/dados-abertos #dadosabertos #python",
	"Quem tem recomendação de trilha leve perto de Floripa? Quero levar minha mãe. 🌿 #trilha #natureza",
	"O pôr do sol de hoje merecia aplausos. 🌅 #pordosol",
	"Tentando aprender a fazer pão de fermentação natural. Tentativa número 7. O fermento se chama Cleide. #pão #cozinha",
	"Hoje faz um ano que comecei a pedalar para o trabalho. Economizei tempo, dinheiro e paciência no trânsito. 🚲 #mobilidade",
	"Reunião que podia ser um e-mail, edição de quinta-feira. #trabalho",
	"Se você está começando em programação: leia código dos outros. Muito. Aprende-se mais do que em qualquer curso. #dev #carreira",
	"Acabei de ver um tuiuiú de pertinho no Pantanal. Que bicho imponente! #pantanal #natureza",
	"Receita da moqueca da minha avó no blog, sem segredo guardado: https://cozinha.exemplo.com.br/moqueca #cozinha",
	"Meu time perdeu de novo. Não quero falar sobre isso. Só vou postar para registrar a dor. ⚽ #futebol",
	"Fiz um mapa das ciclovias de Porto Alegre com dados abertos: https://mapas.exemplo.com.br/ciclovias #mobilidade #dadosabertos",
	"Lua cheia hoje! Quem tiver um binóculo, olhe para as crateras perto da borda. 🌕 #astronomia",
	"Alguém sabe se a biblioteca municipal abre no feriado? #leitura",
	"Dia de plantão tranquilo. Que continue assim. 🙏 #saúde",
	"O clube do livro desta quinta vai discutir \"Quarto de Despejo\". Todo mundo convidado! #leitura #livros",
	"Primeira aquarela do ano: um ipê amarelo na praça do bairro. 🌼 #arte #aquarela",
	"Chegou o vinil que eu procurava havia anos. Dia feito. 🎶 #música #vinil",
	"Quem aí também acha que o melhor pão de queijo é o de padaria de esquina? #café #bomdia",
	"Terminei os 10 km abaixo de uma hora pela primeira vez! Rumo aos 21. 🏃‍♀️ #corrida",
	"Estou montando uma lista de jogos indie brasileiros para jogar nas férias. Sugestões? #games",
	"Pensando seriamente em adotar um segundo gato. @%s, me convence a não fazer isso. 🐈",
	"Aula de hoje: frações com pizza. Todo mundo entendeu e todo mundo ficou com fome. #educação",
	"Preço do café subiu de novo. Vou começar a medir o grão na balança de precisão. ☕ #café #economia",
	"A tartaruga que acompanhamos desde o ninho voltou para a mesma praia para desovar! 🐢 #natureza #ciência",
	"Costurei minha primeira saia sem molde pronto. Ficou torta e eu amei. #moda #costura",
	"Levei o Thor ao parque e ele decidiu que todos os cachorros são seus amigos. Todos. #cachorro",
	"Hoje a rádio de jazz está inspirada. Entrem na sala para ouvir junto! 🎷 #música",
	"O centro histórico amanheceu com neblina. Parecia cenário de filme. #fotografia",
	"Alguém indica um bom curso de acessibilidade digital? Quero me aprofundar. @%s, você que manja! #acessibilidade #dev",
	"Dia de rodízio de bolos aqui em casa: cenoura com chocolate, fubá e laranja. 🍰 #cozinha",
	"Semana que vem tem lançamento do meu cordel novo na feira do livro. Apareçam! #cordel #livros",
	"A nova exposição do museu está imperdível: https://museu.exemplo.com.br/exposicoes #arte #cultura",
	"Terminei de montar minha horta vertical na varanda. Manjericão, alecrim e muita esperança. 🌱 #horta",
	"Quem mais trabalha melhor ouvindo chuva e lo-fi? #trabalho #música",
	"Acabei de publicar um gráfico explicando a inflação dos alimentos no último ano: https://dados.exemplo.com.br/inflacao #economia",
	"Bora pedalar no domingo? Saída às 7h do parque, ritmo tranquilo. @%s vem também! #mobilidade",
	"Depois de três anos, terminei o doutorado! Obrigada a todo mundo que aguentou eu falar de formigas. 🐜 #ciência",
	"O céu de hoje estava tão limpo que deu para ver a Via Láctea do quintal. ✨ #astronomia",
	"Um bom dia especial para quem está começando a semana cansado. Vai dar certo. #bomdia",
}

// ImageCaptions go with the drawn photos.
var ImageCaptions = []string{
	"Fim de tarde na serra. 🌄 #pordosol #natureza",
	"Vista da janela hoje. #fotografia",
	"A cidade acendendo as luzes. 🌃 #fotografia",
	"Voltei da viagem com o coração cheio. #natureza",
	"Céu de verão, sem filtro. #pordosol",
	"",
}

// FriendsOnlyTexts are shared with followers only.
var FriendsOnlyTexts = []string{
	"Só para quem me segue: semana difícil, mas passando. Obrigada pelo carinho de vocês. 💛",
	"Amigos, o aniversário é sábado lá em casa. Tragam só a alegria (e um refrigerante). 🎂",
	"Desabafo rápido: mudar de emprego dá medo, mas estou animada.",
	"Vou ficar uns dias offline. Se precisarem, mandem mensagem.",
}

// CommentTexts answer posts; some reply to the comment before them.
var CommentTexts = []string{
	"Que incrível! Parabéns! 👏",
	"Concordo demais.",
	"Nossa, quero saber mais sobre isso!",
	"Hahaha, me identifiquei.",
	"Já salvei aqui para ler depois.",
	"Que foto linda!",
	"Eu discordo um pouco, mas entendo o ponto.",
	"Me chama na próxima!",
	"Isso aqui merece mais gente vendo.",
	"Obrigado por compartilhar 🙏",
	"Onde é isso? Quero ir!",
	"Você sempre traz as melhores dicas.",
	"Aqui choveu também, ficou tudo alagado.",
	"Vou testar essa receita no fim de semana.",
	"Força! Tudo passa. 💛",
	"Isso é verdade, aconteceu comigo semana passada.",
}

// The reported post and comment waiting for moderation.
const (
	SpamPostText    = "GANHE DINHEIRO RÁPIDO!!! Clique no link e fique rico em 7 dias: https://promo.exemplo.com.br/ganhe #promoção"
	RudeCommentText = "Que post ridículo, ninguém liga para isso."
	SpamReason      = "Parece golpe: promete dinheiro fácil com link suspeito."
	RudeReason      = "Comentário ofensivo com outra pessoa."
)
