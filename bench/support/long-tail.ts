/**
 * The catalogue's long tail as browsers ask for it: every category × sort (latest, best-selling) × stock
 * filter (all, in stock, sold out) × pages 1–3, 20 searches and 100 product details, each asked by a guest
 * or a member (KRW or USD) at random, with `Accept-Encoding: br`, by autocannon.
 */
import autocannon from 'autocannon';
import { json } from './staff-session.js';

export const DEMO_PASSWORD = 'Demo1234!';

/** A small seeded generator, so every run asks the same mix. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function login(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await json(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (answer.status !== 200) throw new Error(`login of ${email}: ${answer.status}`);
  return (answer.body.data as { accessToken: string }).accessToken;
}

type CategoryNode = { id: number; children: CategoryNode[] };
const flatten = (nodes: CategoryNode[]): number[] => nodes.flatMap((n) => [n.id, ...flatten(n.children)]);

/** The long tail of catalogue calls, as paths. */
export async function longTail(base: string): Promise<string[]> {
  const tree = (await json(`${base}/api/v1/category`)).body.data as CategoryNode[];
  const paths: string[] = [];
  for (const categoryId of flatten(tree))
    for (const sort of ['latest', 'bestSelling'])
      for (const stockStatus of ['all', 'inStock', 'outOfStock'])
        for (const page of [1, 2, 3])
          paths.push(
            `/api/v1/product/list?categoryId=${categoryId}&page=${page}&limit=20&sort=${sort}&stockStatus=${stockStatus}`,
          );
  const cards: { optionUuid: string; title: string }[] = [];
  for (let page = 1; cards.length < 200; page++) {
    const list = (await json(`${base}/api/v1/product/list?page=${page}&limit=50&sort=latest&stockStatus=all`))
      .body.data as { productOptionList: { optionUuid: string; title: string }[] };
    if (list.productOptionList.length === 0) break;
    cards.push(...list.productOptionList);
  }
  const words = [
    ...new Set(cards.flatMap((c) => c.title.split(/\s+/)).filter((w) => /^[A-Za-z]{3,}$/.test(w))),
  ];
  for (const word of words.slice(0, 20))
    paths.push(`/api/v1/product/search?keyword=${encodeURIComponent(word)}&page=1&limit=20&sort=latest`);
  for (const card of cards.slice(0, 100)) paths.push(`/api/v1/product/detail/${card.optionUuid}`);
  return paths;
}

/**
 * Browses `paths`, each request as one of `viewers` (undefined: a guest; else a member's token) at random,
 * with `connections` connections, until stopped or `seconds` have passed.
 */
export function browse(
  base: string,
  paths: readonly string[],
  viewers: readonly (string | undefined)[],
  seconds: number,
  connections = 50,
) {
  const next = seeded(20_261_127);
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const viewer = viewers[Math.floor(next() * viewers.length)];
              return {
                ...request,
                method: 'GET',
                path: paths[Math.floor(next() * paths.length)]!,
                headers: {
                  'accept-encoding': 'br',
                  ...(viewer ? { authorization: `Bearer ${viewer}` } : {}),
                },
              };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  return { done, stop: () => instance?.stop() };
}
