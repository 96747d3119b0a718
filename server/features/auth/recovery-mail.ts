import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { RESET_LINK_MINUTES } from '@domain/auth/password-reset';

/** Sends password-reset links through the SMTP server of `SMTP_URL` (nodemailer). Never logs the link. */
export interface ResetMailer {
  /** Queues the message and returns at once; a failure is logged without the link. */
  sendLater(to: string, firstName: string, link: string): void;
  close(): void;
}

export function smtpResetMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): ResetMailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    sendLater(to, firstName, link) {
      transport
        .sendMail({
          from,
          to,
          subject: 'Reset your password',
          text: [
            `Hello ${firstName},`,
            '',
            `Someone asked to reset the password of your school attendance account. To choose a new password, open:`,
            '',
            link,
            '',
            `The link works once, within ${RESET_LINK_MINUTES} minutes. If you did not ask, ignore this e-mail: your password stays as it is.`,
          ].join('\n'),
        })
        .catch((err: Error) => log.error({ err: { message: err.message }, to }, 'password-reset e-mail not sent'));
    },
    close: () => transport.close(),
  };
}
