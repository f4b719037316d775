// The resolve hook of modulos-carregados.mjs (it runs on the loader's thread).
import { appendFileSync } from 'node:fs';

export async function resolve(especificador, contexto, proximo) {
  const r = await proximo(especificador, contexto);
  if (process.env.MODULOS_CARREGADOS) appendFileSync(process.env.MODULOS_CARREGADOS, `${r.url}\n`);
  return r;
}
