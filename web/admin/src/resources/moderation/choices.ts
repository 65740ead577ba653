/** Choices of the values the API sends, labelled by translation keys. */
const choices = (group: string, ids: string[]) => ids.map((id) => ({ id, name: `moderation.${group}.${id}` }));

export const roleChoices = choices('roles', ['member', 'moderator', 'admin']);
export const actorRoleChoices = choices('roles', ['member', 'moderator', 'admin', 'operator']);
export const statusChoices = choices('statuses', ['open', 'dismissed', 'actioned']);
export const actionChoices = choices('actions', ['dismiss', 'remove_post', 'suspend_author']);
export const targetTypeChoices = choices('target_types', ['post', 'comment']);
export const visibilityChoices = choices('visibilities', ['public', 'friends_only', 'members_only']);
export const privacyChoices = choices('privacies', ['open', 'closed']);
