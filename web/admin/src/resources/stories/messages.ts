/** The stories resource's pt-BR labels (react-admin's `resources.stories`). */
export const storiesMessages = {
  name: 'Story |||| Stories',
  forcedCaseName: 'stories',
  fields: {
    text: 'Texto',
    author_id: 'Autor',
    author_handle: 'Autor',
    view_count: 'Visualizações',
    created_at: 'Publicado em',
    expires_at: 'Expira em',
    q: 'Buscar',
  },
};
