/**
 * The egress guard (DESIGN §5, always on): a delivery may only go to a loopback origin listed in the
 * router; `route` says where to connect, or null when the destination is not allowed. It never
 * resolves names or opens sockets itself.
 */
export class EgressGuard {
  constructor(private readonly routes: Map<string, string>) {}

  /** The loopback URL to connect to for `url`, or null when the guard blocks it. */
  route(url: URL): URL | null {
    const origin = this.routes.get(url.origin);
    if (!origin) return null;
    return new URL(`${url.pathname}${url.search}`, origin);
  }
}
