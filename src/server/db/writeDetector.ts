// The write detector: the kysely plugin that notices a write made by the work of a route declared
// `writes: false` (http/writeFlag.ts enters each request's store; the store follows every promise, timer and job the
// request starts). The database attaches the plugin; it knows requests only through this store.
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { isWriteStatement } from './writeStatement';

/** What the write detector knows about the request whose work runs now (and the jobs it started). */
export interface RequestWrites {
  route: string;
  writes: boolean;
  /** The route's handler has started: the authentication hook's own writes (the session) are not the route's. */
  handling: boolean;
  /** Called when a route declared `writes: false` writes. */
  report: (route: string) => void;
}

/** The request whose work runs now (undefined outside requests). */
export const currentWrites = new AsyncLocalStorage<RequestWrites>();

/** The raw SQL text of a `sql` template, its parameters left out. */
const rawText = (node: RootOperationNode): string | undefined =>
  node.kind === 'RawNode' ? node.sqlFragments.join('?') : undefined;

/** The kysely plugin that reports a write made by the work of a route declared `writes: false`. */
export const writeDetector: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const store = currentWrites.getStore();
    if (store?.handling && !store.writes && isWriteStatement(node.kind, rawText(node))) store.report(store.route);
    return node;
  },
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  },
};
