import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message: headers, a blank line, then the body. */
  data: string;
}

/**
 * A tiny SMTP server that accepts every message and keeps it, so tests can read what the app sent
 * through its real SMTP path. While `rejecting` is true it refuses every recipient for now (451,
 * a temporary failure), like a failing server; a test may switch it either way. An address in
 * `unknown` it refuses for good (550, no such mailbox). With `slowMs` it takes that long to accept
 * a message, as a busy server does.
 */
export async function startSmtpDouble({ reject = false } = {}) {
  const received: ReceivedMail[] = [];
  const refused: string[] = [];
  const unknown = new Set<string>();
  const state = { rejecting: reject, slowMs: 0 };
  const server = net.createServer((socket) => {
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp-double ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const accepted = mail;
            mail = { from: '', to: [], data: '' };
            setTimeout(() => {
              received.push(accepted);
              reply('250 OK: queued');
            }, state.slowMs);
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 smtp-double');
        else if (command === 'MAIL') {
          mail.from = line.slice(10).replace(/[<>]/g, '').trim();
          reply('250 OK');
        } else if (command === 'RCPT') {
          const recipient = line.slice(8).replace(/[<>]/g, '').trim();
          if (unknown.has(recipient)) {
            refused.push(recipient);
            reply('550 5.1.1 No such user here');
          } else if (state.rejecting) {
            refused.push(recipient);
            reply('451 4.3.0 Mailbox temporarily unavailable');
          } else {
            mail.to.push(recipient);
            reply('250 OK');
          }
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    unknown,
    set rejecting(value: boolean) {
      state.rejecting = value;
    },
    set slowMs(value: number) {
      state.slowMs = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpDouble = Awaited<ReturnType<typeof startSmtpDouble>>;
