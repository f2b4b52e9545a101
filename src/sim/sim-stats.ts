/**
 * Request counts per route and per upstream. In flight means from the request's arrival to the
 * response's last byte or the client's going away, so a test can check the callers' concurrency
 * caps against what the upstream actually saw.
 */
import { ROUTES, UPSTREAMS, upstreamOf, type RouteName, type UpstreamName } from './routes-table.js';

export interface RouteStats {
  requests: number;
  in_flight: number;
  max_in_flight: number;
  /** HTTP status → count; `aborted` counts requests the client gave up before an answer. */
  by_status: Record<string, number>;
}

export interface SimStats {
  routes: Record<RouteName, RouteStats>;
  /** Over all of an upstream's routes together: max_in_flight is of concurrent requests to the upstream. */
  upstreams: Record<UpstreamName, RouteStats>;
}

export type RequestEnd = (status: number | 'aborted') => void;

function emptyStats(): RouteStats {
  return { requests: 0, in_flight: 0, max_in_flight: 0, by_status: {} };
}

export class StatsRecorder {
  private readonly routes = new Map<RouteName, RouteStats>(ROUTES.map((r) => [r, emptyStats()]));
  private readonly upstreams = new Map<UpstreamName, RouteStats>(UPSTREAMS.map((u) => [u, emptyStats()]));

  /** Counts a request in; the returned function counts it out, once, however often it is called. */
  begin(route: RouteName): RequestEnd {
    const counters = [this.routes.get(route), this.upstreams.get(upstreamOf(route))].filter((c): c is RouteStats => c !== undefined);
    for (const c of counters) {
      c.requests += 1;
      c.in_flight += 1;
      c.max_in_flight = Math.max(c.max_in_flight, c.in_flight);
    }
    let ended = false;
    return (status) => {
      if (ended) return;
      ended = true;
      const key = String(status);
      for (const c of counters) {
        c.in_flight -= 1;
        c.by_status[key] = (c.by_status[key] ?? 0) + 1;
      }
    };
  }

  snapshot(): SimStats {
    return structuredClone({
      routes: Object.fromEntries(this.routes) as Record<RouteName, RouteStats>,
      upstreams: Object.fromEntries(this.upstreams) as Record<UpstreamName, RouteStats>,
    });
  }

  /** Zeroes the counts; requests still in flight stay counted, and the maximum restarts from them. */
  reset(): void {
    for (const c of [...this.routes.values(), ...this.upstreams.values()]) {
      c.requests = 0;
      c.by_status = {};
      c.max_in_flight = c.in_flight;
    }
  }
}
