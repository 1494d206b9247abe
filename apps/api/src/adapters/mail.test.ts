import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mail.ts';

const message = { to: 'ada@example.test', subject: 'Your code', text: 'Your password reset code is 123456.' };

describe('mail', () => {
  it('writes each message to the outbox as an .eml file when no SMTP server is configured', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'outbox');
    const mailer = createMailer({ outboxDir, from: 'E-Ticketing <no-reply@example.test>' });
    await mailer.send(message);
    await mailer.send({ ...message, to: 'bola@example.test' });
    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
    const first = readFileSync(path.join(outboxDir, files[0]), 'utf8');
    expect(first).toContain('To: ada@example.test');
    expect(first).toContain('Subject: Your code');
    expect(first).toContain('123456');
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent', from: 'no-reply@example.test' });
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Your code');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
