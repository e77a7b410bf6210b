import { sql } from 'drizzle-orm';
import { MSG, contactSentMessage, type ContactInput } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { mailsToInLastHour, queueMail } from '../../infra/mail/outbox.ts';
import { layout } from '../../infra/mail/templates.ts';
import { badRequest } from '../../lib/errors.ts';

// The contact form: the message goes to the office and a confirmation to the sender,
// both written into the outbox in one transaction.
//
// Anyone can type any address into the form, so the confirmation is what an attacker could send
// from the agency's sender to a stranger. It therefore holds a fixed Dutch text only (no
// echo of the message, the name cut short and without links) and goes at most
// CONFIRMATIONS_PER_HOUR times per hour to one address, counted in the outbox itself so the limit
// holds across processes. Over the limit the office still gets the message; only the
// confirmation is left out, and the answer is the same, so the form is no oracle either.

export const CONFIRMATION_SUBJECT = 'We hebben je bericht ontvangen';
export const CONFIRMATIONS_PER_HOUR = 3;
const NAME_MAX = 40;

/** The visitor's name as the confirmation may show it: no links or domains, short, one line. */
export function confirmationName(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    // URLs, bare domains (example.com, www.x.nl) and e-mail addresses: the text must carry no link.
    .replace(/\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*/giu, ' ')
    .replace(/\S+@\S+/gu, ' ')
    .replace(/\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\b/gu, ' ')
    .replace(/[<>[\]{}()\\/|"'`]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const short = [...cleaned].slice(0, NAME_MAX).join('').trim();
  return short === '' ? 'bezoeker' : short;
}

export function confirmationMail(name: string) {
  return {
    subject: CONFIRMATION_SUBJECT,
    ...layout(CONFIRMATION_SUBJECT, [
      `Beste ${confirmationName(name)},`,
      'Bedankt voor je bericht via het contactformulier op onze website. Binnen 5 tot 7 dagen zal er contact met je worden opgenomen via dit e-mailadres.',
      'Heb je dit formulier niet zelf ingevuld? Dan kun je deze e-mail negeren.',
    ]),
  };
}

export async function sendContact(ctx: AppContext, input: ContactInput): Promise<{ message: string }> {
  if (!(await ctx.captcha.verify(input.altcha))) throw badRequest(MSG.robot);
  const office = layout(`Contactformulier: ${input.name}`, [
    `Naam: ${input.name}`,
    `Email: ${input.email} (antwoord naar dit adres)`,
    'Bericht:',
    input.message,
  ]);
  await ctx.db.transaction(async (tx) => {
    await queueMail(tx, { to: ctx.config.officeEmail, subject: `Contactformulier: ${input.name} <${input.email}>`, replyTo: input.email, ...office });
    // One request at a time per address, so two parallel forms cannot both see "2 sent".
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact-confirmation:${input.email.toLowerCase()}`}))`);
    if ((await mailsToInLastHour(tx, input.email, [CONFIRMATION_SUBJECT])) < CONFIRMATIONS_PER_HOUR) {
      await queueMail(tx, { to: input.email, ...confirmationMail(input.name) });
    }
  });
  void ctx.mail.kick();
  return { message: contactSentMessage(input.email) };
}
