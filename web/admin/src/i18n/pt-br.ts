import type { TranslationMessages } from 'react-admin';

/**
 * Every key react-admin's TranslationMessages declares, as required strings:
 * index signatures are dropped and optional groups (guesser, configurable)
 * become mandatory, so a key missing here fails `tsc`, and the object-literal
 * excess-property check rejects a key react-admin does not know.
 */
type Complete<T> = T extends string
  ? string
  : {
      [K in keyof T as string extends K ? never : number extends K ? never : K]-?: Complete<
        NonNullable<T[K]>
      >;
    };

export type ReactAdminMessages = Complete<TranslationMessages['ra']>;

const ra: ReactAdminMessages = {
  action: {
    add_filter: 'Adicionar filtro',
    add: 'Adicionar',
    back: 'Voltar',
    bulk_actions: '1 item selecionado |||| %{smart_count} itens selecionados',
    cancel: 'Cancelar',
    clear_array_input: 'Limpar a lista',
    clear_input_value: 'Limpar valor',
    clone: 'Duplicar',
    confirm: 'Confirmar',
    create: 'Criar',
    create_item: 'Criar %{item}',
    delete: 'Excluir',
    edit: 'Editar',
    export: 'Exportar',
    list: 'Listar',
    refresh: 'Atualizar',
    remove_filter: 'Remover este filtro',
    remove_all_filters: 'Remover todos os filtros',
    remove: 'Remover',
    reset: 'Redefinir',
    save: 'Salvar',
    search: 'Buscar',
    search_columns: 'Buscar colunas',
    select_all: 'Selecionar tudo',
    select_all_button: 'Selecionar tudo',
    select_row: 'Selecionar esta linha',
    show: 'Exibir',
    sort: 'Ordenar',
    undo: 'Desfazer',
    unselect: 'Desmarcar',
    expand: 'Expandir',
    close: 'Fechar',
    open_menu: 'Abrir menu',
    close_menu: 'Fechar menu',
    update: 'Atualizar',
    move_up: 'Mover para cima',
    move_down: 'Mover para baixo',
    open: 'Abrir',
    toggle_theme: 'Alternar tema claro/escuro',
    select_columns: 'Colunas',
    update_application: 'Recarregar aplicação',
  },
  boolean: {
    true: 'Sim',
    false: 'Não',
    null: ' ',
  },
  page: {
    create: 'Criar %{name}',
    dashboard: 'Painel',
    edit: '%{name} %{recordRepresentation}',
    error: 'Algo deu errado',
    list: '%{name}',
    loading: 'Carregando',
    not_found: 'Não encontrado',
    show: '%{name} %{recordRepresentation}',
    empty: 'Ainda não há %{name}.',
    invite: 'Deseja adicionar um?',
    access_denied: 'Acesso negado',
    authentication_error: 'Erro de autenticação',
  },
  input: {
    file: {
      upload_several: 'Solte alguns arquivos para enviar ou clique para selecionar um.',
      upload_single: 'Solte um arquivo para enviar ou clique para selecioná-lo.',
    },
    image: {
      upload_several: 'Solte algumas imagens para enviar ou clique para selecionar uma.',
      upload_single: 'Solte uma imagem para enviar ou clique para selecioná-la.',
    },
    references: {
      all_missing: 'Não foi possível encontrar os dados das referências.',
      many_missing: 'Pelo menos uma das referências associadas parece não estar mais disponível.',
      single_missing: 'A referência associada parece não estar mais disponível.',
    },
    password: {
      toggle_visible: 'Ocultar senha',
      toggle_hidden: 'Mostrar senha',
    },
  },
  message: {
    about: 'Sobre',
    access_denied: 'Você não tem permissão para acessar esta página',
    are_you_sure: 'Tem certeza?',
    authentication_error:
      'O servidor de autenticação retornou um erro e suas credenciais não puderam ser verificadas.',
    auth_error: 'Ocorreu um erro ao validar o token de autenticação.',
    bulk_delete_content:
      'Tem certeza de que deseja excluir este %{name}? |||| Tem certeza de que deseja excluir estes %{smart_count} itens?',
    bulk_delete_title: 'Excluir %{name} |||| Excluir %{smart_count} %{name}',
    bulk_update_content:
      'Tem certeza de que deseja atualizar %{name} %{recordRepresentation}? |||| Tem certeza de que deseja atualizar estes %{smart_count} itens?',
    bulk_update_title:
      'Atualizar %{name} %{recordRepresentation} |||| Atualizar %{smart_count} %{name}',
    clear_array_input: 'Tem certeza de que deseja limpar a lista inteira?',
    delete_content: 'Tem certeza de que deseja excluir este %{name}?',
    delete_title: 'Excluir %{name} %{recordRepresentation}',
    details: 'Detalhes',
    error: 'Ocorreu um erro no cliente e sua solicitação não pôde ser concluída.',
    invalid_form: 'O formulário não é válido. Verifique os erros',
    loading: 'Aguarde, por favor',
    no: 'Não',
    not_found: 'Você digitou um endereço errado ou seguiu um link inválido.',
    select_all_limit_reached:
      'Há elementos demais para selecionar todos. Apenas os primeiros %{max} foram selecionados.',
    unsaved_changes:
      'Algumas das suas alterações não foram salvas. Tem certeza de que deseja descartá-las?',
    yes: 'Sim',
    placeholder_data_warning: 'Problema de rede: não foi possível atualizar os dados.',
  },
  navigation: {
    clear_filters: 'Limpar filtros',
    no_filtered_results: 'Nenhum resultado em %{name} com os filtros atuais.',
    no_results: 'Nenhum resultado em %{name}',
    no_more_results: 'A página %{page} está fora do intervalo. Tente a página anterior.',
    page_out_of_boundaries: 'Página %{page} fora do intervalo',
    page_out_from_end: 'Não é possível ir além da última página',
    page_out_from_begin: 'Não é possível ir antes da página 1',
    page_range_info: '%{offsetBegin}-%{offsetEnd} de %{total}',
    partial_page_range_info: '%{offsetBegin}-%{offsetEnd} de mais de %{offsetEnd}',
    current_page: 'Página %{page}',
    page: 'Ir para a página %{page}',
    first: 'Ir para a primeira página',
    last: 'Ir para a última página',
    next: 'Ir para a próxima página',
    previous: 'Ir para a página anterior',
    page_rows_per_page: 'Linhas por página:',
    skip_nav: 'Pular para o conteúdo',
  },
  sort: {
    sort_by: 'Ordenar por %{field_lower_first} em ordem %{order}',
    ASC: 'crescente',
    DESC: 'decrescente',
  },
  auth: {
    auth_check_error: 'Entre para continuar',
    user_menu: 'Perfil',
    username: 'E-mail',
    password: 'Senha',
    email: 'E-mail',
    sign_in: 'Entrar',
    sign_in_error: 'Falha na autenticação, tente novamente',
    logout: 'Sair',
  },
  notification: {
    updated: 'Elemento atualizado |||| %{smart_count} elementos atualizados',
    created: 'Elemento criado',
    deleted: 'Elemento excluído |||| %{smart_count} elementos excluídos',
    bad_item: 'Elemento incorreto',
    item_doesnt_exist: 'O elemento não existe',
    http_error: 'Erro de comunicação com o servidor',
    data_provider_error: 'Erro no dataProvider. Veja o console para mais detalhes.',
    i18n_error: 'Não foi possível carregar as traduções do idioma escolhido',
    canceled: 'Ação cancelada',
    logged_out: 'Sua sessão terminou. Entre novamente.',
    not_authorized: 'Você não tem autorização para acessar este recurso.',
    application_update_available: 'Uma nova versão está disponível.',
    offline: 'Sem conexão. Não foi possível buscar os dados.',
  },
  validation: {
    required: 'Obrigatório',
    minLength: 'Deve ter pelo menos %{min} caracteres',
    maxLength: 'Deve ter no máximo %{max} caracteres',
    minValue: 'Deve ser no mínimo %{min}',
    maxValue: 'Deve ser no máximo %{max}',
    number: 'Deve ser um número',
    email: 'Deve ser um e-mail válido',
    oneOf: 'Deve ser um destes: %{options}',
    regex: 'Deve seguir um formato específico (regexp): %{pattern}',
    unique: 'Deve ser único',
  },
  saved_queries: {
    label: 'Consultas salvas',
    query_name: 'Nome da consulta',
    new_label: 'Salvar a consulta atual...',
    new_dialog_title: 'Salvar a consulta atual como',
    remove_label: 'Remover consulta salva',
    remove_label_with_name: 'Remover a consulta "%{name}"',
    remove_dialog_title: 'Remover a consulta salva?',
    remove_message: 'Tem certeza de que deseja remover este item da sua lista de consultas salvas?',
    help: 'Filtre a lista e salve esta consulta para depois',
  },
  guesser: {
    empty: {
      title: 'Nenhum dado para exibir',
      message: 'Verifique o seu provedor de dados',
    },
  },
  configurable: {
    customize: 'Personalizar',
    configureMode: 'Configurar esta página',
    inspector: {
      title: 'Inspetor',
      content: 'Passe o mouse sobre os elementos da interface para configurá-los',
      reset: 'Redefinir configurações',
      hideAll: 'Ocultar tudo',
      showAll: 'Mostrar tudo',
    },
    Datagrid: {
      title: 'Tabela',
      unlabeled: 'Coluna sem rótulo nº %{column}',
    },
    SimpleForm: {
      title: 'Formulário',
      unlabeled: 'Campo sem rótulo nº %{input}',
    },
    SimpleList: {
      title: 'Lista',
      primaryText: 'Texto principal',
      secondaryText: 'Texto secundário',
      tertiaryText: 'Texto terciário',
    },
  },
};

/**
 * Labels of the console's core resources and screens (react-admin reads
 * `resources.<name>`); a plugin's come from its descriptor.
 */
const resources = {
  mail: {
    name: 'Email |||| Emails',
    forcedCaseName: 'emails',
    fields: {
      to: 'Para',
      subject: 'Assunto',
      body_text: 'Mensagem',
      status: 'Situação',
      attempts: 'Tentativas',
      last_error: 'Último erro',
      created_at: 'Criado em',
      sent_at: 'Enviado em',
    },
  },
  migrations: {
    name: 'Migração |||| Migrações',
    // Used inside sentences such as "Ainda não há %{name}."
    forcedCaseName: 'migrações',
    fields: {
      id: 'Identificador',
      set: 'Conjunto',
      name: 'Nome',
      group_id: 'Grupo',
      migrated_at: 'Aplicada em',
    },
  },
  profiles: {
    name: 'Perfil |||| Perfis',
    forcedCaseName: 'perfis',
    fields: {
      handle: 'Usuário',
      display_name: 'Nome',
      email: 'E-mail',
      role: 'Papel',
      is_verified: 'Verificado',
      confirmed: 'E-mail confirmado',
      suspended_at: 'Suspenso em',
      suspended_reason: 'Motivo da suspensão',
      deleted_at: 'Conta excluída em',
      suspended: 'Suspensos',
      bio: 'Bio',
      post_count: 'Posts',
      follower_count: 'Seguidores',
      following_count: 'Seguindo',
      created_at: 'Cadastro',
      q: 'Buscar',
    },
  },
  posts: {
    name: 'Post |||| Posts',
    forcedCaseName: 'posts',
    fields: {
      text_content: 'Texto',
      author_handle: 'Autor',
      author: 'Autor (@usuário)',
      author_suspended: 'Autor suspenso',
      hashtag: 'Hashtag',
      type: 'Tipo',
      visibility: 'Visibilidade',
      audience_id: 'Comunidade',
      media_path: 'Arquivo',
      image_alt: 'Descrição da imagem',
      like_count: 'Curtidas',
      comment_count: 'Comentários',
      open_reports: 'Denúncias abertas',
      created_at: 'Publicado em',
      created_gte: 'Desde',
      created_lte: 'Até',
      q: 'Buscar',
    },
  },
  reports: {
    name: 'Denúncia |||| Denúncias',
    forcedCaseName: 'denúncias',
    fields: {
      status: 'Situação',
      reason: 'Motivo',
      target_type: 'Tipo',
      target_text: 'Conteúdo denunciado',
      target_image_alt: 'Descrição da imagem',
      target_author_handle: 'Autor do conteúdo',
      target_exists: 'Conteúdo ainda existe',
      reporter_handle: 'Denunciante',
      same_target_count: 'Denúncias do mesmo conteúdo',
      resolution: 'Ação',
      resolution_note: 'Nota',
      resolver_handle: 'Resolvida por',
      resolved_at: 'Resolvida em',
      created_at: 'Recebida em',
      q: 'Buscar',
    },
  },
  hashtags: {
    name: 'Hashtag |||| Hashtags',
    forcedCaseName: 'hashtags',
    fields: { tag: 'Hashtag', usage_count: 'Usos', q: 'Buscar' },
  },
  audit: {
    name: 'Registro de auditoria |||| Auditoria',
    forcedCaseName: 'registros de auditoria',
    fields: {
      created_at: 'Quando',
      actor_handle: 'Quem',
      actor_role: 'Papel',
      action: 'Ação',
      target_type: 'Alvo',
      target_id: 'Identificador do alvo',
      reason: 'Motivo',
      details: 'Detalhes',
      q: 'Buscar',
    },
  },
  plugins: {
    name: 'Plugin |||| Plugins',
    forcedCaseName: 'plugins',
    fields: {
      id: 'Plugin',
      enabled: 'Ativo',
      routes: 'Rotas',
      workers: 'Workers',
      periodic_jobs: 'Jobs periódicos',
      migrations: 'Migrações',
      topics: 'Tópicos em tempo real',
    },
  },
};

const dashboard = {
  title: 'Painel',
  loading: 'Carregando estatísticas…',
  error_title: 'Não foi possível carregar as estatísticas',
  plugins_enabled: 'Plugins ativos',
  migrations_applied: 'Migrações aplicadas',
  database_size: 'Tamanho do banco',
  totals: {
    members: 'Membros',
    posts: 'Posts',
    comments: 'Comentários',
    open_reports: 'Denúncias abertas',
    suspended: 'Contas suspensas',
    staff: 'Moderação e administração',
  },
  queue_depth: 'Jobs na fila',
  failed_jobs: 'Jobs com falha',
  sign_ups_chart: 'Cadastros por dia (últimos 30 dias)',
  posts_chart: 'Posts por dia (últimos 30 dias)',
  chart_day: '%{day}: %{count}',
  jobs: {
    title: 'Fila de jobs',
    available: 'Disponíveis',
    running: 'Em execução',
    retryable: 'Para repetir',
    scheduled: 'Agendados',
    completed: 'Concluídos',
    discarded: 'Descartados',
    cancelled: 'Cancelados',
    open_panel: 'Abrir painel de jobs',
  },
};

/** Moderation screens: buttons, dialogs and the values the API sends. */
const moderation = {
  reason: 'Motivo',
  note: 'Nota (opcional)',
  reason_help: 'Obrigatório; fica no registro de auditoria.',
  cancel: 'Cancelar',
  suspend: 'Suspender',
  unsuspend: 'Reativar',
  suspend_title: 'Suspender @%{handle}',
  unsuspend_title: 'Reativar @%{handle}',
  suspended: 'Conta suspensa',
  unsuspended: 'Suspensão encerrada',
  verify: 'Marcar como verificado',
  unverify: 'Remover verificado',
  verified_changed: 'Selo de verificado atualizado',
  role: 'Papel',
  role_changed: 'Papel atualizado',
  remove: 'Remover com motivo',
  remove_title: 'Remover este post',
  removed: 'Post removido',
  resolve_title: 'Resolver denúncia',
  resolved: 'Denúncia resolvida',
  jobs_link: 'Abrir painel de jobs',
  member_posts: 'Ver posts',
  actions: {
    dismiss: 'Arquivar',
    remove_post: 'Remover post',
    suspend_author: 'Suspender autor',
  },
  statuses: { open: 'Aberta', dismissed: 'Arquivada', actioned: 'Resolvida com ação' },
  roles: { member: 'Membro', moderator: 'Moderador', admin: 'Administrador', operator: 'Operador (linha de comando)' },
  target_types: { post: 'Post', comment: 'Comentário' },
  visibilities: { public: 'Público', friends_only: 'Só amigos', members_only: 'Só membros da comunidade' },
  privacies: { open: 'Aberta', closed: 'Fechada' },
};

/** Texts of signing in to the console (read outside React by the auth provider). */
export const authMessages = {
  members_refused: 'Acesso restrito à moderação e à administração.',
  failed: 'Não foi possível entrar. Tente de novo.',
  network: 'Não foi possível falar com o servidor. Verifique a conexão e tente de novo.',
  signed_out: 'Sua sessão terminou. Entre de novo.',
  second_step_needed: 'Esta conta usa verificação em duas etapas: digite também o código do aplicativo autenticador.',
  code_label: 'Código de verificação (se ativada)',
};

/** The gate of the console in production: staff need a second step of signing in. */
export const secondStepMessages = {
  code: 'second_step_required',
  open_settings: 'Abrir Configurações',
};

/** The product's name and the console's place in it, in the app bar. */
export const consoleMessages = {
  productName: 'social',
  productArea: 'Administração',
  /** The sign-in page's heading. */
  signInTitle: 'social — Administração',
  /**
   * The account button of the app bar shows the member's name; its name for
   * screen readers and voice control holds it (WCAG 2.5.3).
   */
  userMenuOf: (name: string) => `Perfil de ${name}`,
  /** While a screen's code arrives (screens load on demand). */
  screenLoading: 'Carregando…',
  /** When it cannot arrive: the console was updated since the page opened, or the connection dropped. */
  screenLoadFailed: 'Não foi possível abrir esta tela.',
  screenLoadFailedHint: 'O console pode ter sido atualizado ou a conexão caiu. Recarregue a página para tentar de novo.',
  screenReload: 'Recarregar página',
};

/** Texts used outside React (the HTTP client), so read directly rather than through translate(). */
export const errorMessages = {
  network: 'Não foi possível falar com o servidor. Verifique a conexão e tente de novo.',
};

export const ptBrMessages: TranslationMessages = { ra, resources, dashboard, moderation, errors: errorMessages };

export default ptBrMessages;
