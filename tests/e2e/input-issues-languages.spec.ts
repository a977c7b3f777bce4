import { expect, test } from './support/fixtures';
import { chooseLanguage, openScreenIn, textIn } from './support/shown-language';

/**
 * What the bridge contract says of a bad input reads in the window's language: refused by main (the address
 * book's name) and by the form itself with the contract's own schema (a deposit address's reference id), each
 * shown beside its field. The German and Turkish words are written out, so the story proves what a reader sees.
 */

const german = textIn('de');
// Any valid address: the name is refused before the address is looked at.
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

test.use({ appOptions: { username: 'alice', afterSignIn: async (app) => chooseLanguage(app, 'de') } });

test('main refuses an address book entry without a name in German, beside the name', async ({
  signedInApp: { page },
}) => {
  await openScreenIn(page, 'de', 'address-book');
  const form = page.getByRole('form', { name: german('addressBook.form.add') });
  const name = form.getByRole('textbox', { name: german('addressBook.form.name'), exact: true });
  await name.fill('   ');
  await form.getByRole('textbox', { name: german('addressBook.form.address'), exact: true }).fill(BTC_ADDRESS);
  await form.getByRole('button', { name: german('addressBook.form.submit') }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Geben Sie der Adresse einen Namen');
});

test('the deposit address form says a missing reference id in German, then in Turkish once chosen', async ({
  signedInApp: session,
}) => {
  const { page } = session;
  await openScreenIn(page, 'de', 'receive');
  const form = page.getByRole('form', { name: german('receive.newAddress.title') });
  const reference = form.getByRole('textbox', { name: german('receive.form.reference') });
  // The form proposes a reference id of its own; wait for it so it cannot refill the field after it is emptied.
  await expect(reference).not.toHaveValue('');
  await reference.fill('');
  await form.getByRole('textbox', { name: german('receive.form.label') }).fill('Rechnung 1');
  await form.getByRole('textbox', { name: german('receive.form.callback') }).fill('https://shop.example/deposits');
  await form.getByRole('button', { name: german('receive.form.create') }).click();
  await expect(reference).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toHaveText('Geben Sie eine Referenz-ID ein');

  // The error is kept as the contract's id, so a language chosen now rewrites it without sending again.
  await chooseLanguage(session, 'tr');
  const formInTurkish = page.getByRole('form', { name: textIn('tr')('receive.newAddress.title') });
  await expect(formInTurkish.getByRole('alert')).toHaveText('Bir referans kimliği girin');
});
