import { MSG, contactSentMessage, type ContactInput } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { layout } from '../../infra/mail/templates.ts';
import { badRequest } from '../../lib/errors.ts';

// The contact form (SPEC 2, 7): the message goes to the office and a confirmation to the sender,
// both written into the outbox in one transaction.

export async function sendContact(ctx: AppContext, input: ContactInput): Promise<{ message: string }> {
  if (!(await ctx.captcha.verify(input.altcha))) throw badRequest(MSG.robot);
  const office = layout(`Contactformulier: ${input.name}`, [
    `Naam: ${input.name}`,
    `Email: ${input.email} (antwoord naar dit adres)`,
    'Bericht:',
    input.message,
  ]);
  const confirmation = layout('We hebben je bericht ontvangen', [
    `Beste ${input.name},`,
    'Bedankt voor je bericht. Binnenkort zal er contact met je worden opgenomen via dit e-mailadres.',
    'Je bericht:',
    input.message,
  ]);
  await ctx.db.transaction(async (tx) => {
    await queueMail(tx, { to: ctx.config.officeEmail, subject: `Contactformulier: ${input.name} <${input.email}>`, replyTo: input.email, ...office });
    await queueMail(tx, { to: input.email, subject: 'We hebben je bericht ontvangen', ...confirmation });
  });
  void ctx.mail.kick();
  return { message: contactSentMessage(input.email) };
}
