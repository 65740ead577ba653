// Post actions the journeys take through a post's card.

/** Deletes the post of `card` (a card shown on `page`) through its menu and the confirmation dialog. */
export async function deleteThroughCard(page, card) {
  await card.getByRole('button', { name: 'Mais opções' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir post?' });
  await confirm.getByRole('button', { name: 'Excluir' }).click();
}
