// The baseline of the messaging benchmark: a bare socket.io server that only relays. Same transport, same
// rooms per member, same ack and the same fan-out to both members as Amiko, but no session check, no
// validation, no database. Started as its own process by messaging.ts; prints its port.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
let nextId = 0;

io.on('connection', (socket) => {
  const memberId = String((socket.handshake.auth as { id?: string }).id);
  void socket.join(`m:${memberId}`);
  socket.on(
    'message:send',
    (input: { to: string; clientId: string; body: string }, ack: (r: unknown) => void) => {
      nextId += 1;
      const message = {
        id: nextId,
        conversationId: 'relay',
        senderId: memberId,
        recipientId: input.to,
        clientId: input.clientId,
        body: input.body,
        createdAt: Date.now(),
        readAt: null,
      };
      socket.to([`m:${memberId}`, `m:${input.to}`]).emit('message:new', message);
      ack({ ok: true, data: message });
    },
  );
});

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.stdout.write(`relay listening on ${typeof address === 'object' && address ? address.port : 0}\n`);
});
