// An SMTP relay for tests that accepts connections and never says a word (no
// greeting, no reply): the silent service that used to hold the job runner's
// shared slots. It counts the connections it holds.
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface Tarpit {
  url: string;
  /** connections accepted so far */
  accepted(): number;
  close(): Promise<void>;
}

export async function startTarpit(): Promise<Tarpit> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    socket.resume(); // read whatever comes, answer nothing
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
