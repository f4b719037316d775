// `npm run chaves -- <comando>`: the operator's keys to the integration API (issue 16, decision 0024).
//   criar --nome <nome> --escopos importar,leitura,protocolos,webhooks [--expira-em 2027-12-31] [--limite <chamadas/min>]
//   listar
//   revogar <id>
//   rotacionar <id> [--sobreposicao-horas 24]
// It reads the server's configuration (DATABASE_URL, else DATA_DIR) and applies pending migrations
// like the server does at start. A key is printed once, at creation or rotation, and never again.
// Exit status: 0 done, 1 no such (active) key or a failure, 2 a usage or configuration error.
// With DATABASE_URL it runs while the server runs; PGlite (DATA_DIR) is one process's database:
// stop the server first (two processes on one data directory corrupt it).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { type Clock, systemClock } from '../clock';
import { loadConfig } from '../config';
import type { Db } from '../db/db';
import {
  type ChaveResumo,
  ChavesDeIntegracao,
  ChavesRepository,
  ESCOPOS,
  escopoSchema,
  SOBREPOSICAO_PADRAO_HORAS,
} from '../modules/integracao';
import { bancoMigrado, rodarComoScript } from './script';

export const USO = `Uso: npm run chaves -- <comando>
  criar --nome <nome> --escopos ${ESCOPOS.join(',')} [--expira-em AAAA-MM-DD] [--limite <chamadas por minuto>]
  listar
  revogar <id>
  rotacionar <id> [--sobreposicao-horas ${SOBREPOSICAO_PADRAO_HORAS}]`;

/** A usage mistake: the message, then the usage, exit status 2. */
export class UsoInvalido extends Error {}

const idSchema = z.string().regex(/^[0-9a-f]{16}$/, 'Id de chave inválido: 16 caracteres hexadecimais (pbk_<id>_…).');

/** A day means through the end of that day in Brasília (UTC−3); a full ISO date-time is taken as given. */
export function lerExpiracao(valor: string, agora: number): Date {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(valor) ? new Date(`${valor}T23:59:59.999-03:00`) : new Date(valor);
  if (Number.isNaN(d.getTime())) throw new UsoInvalido(`Data de expiração inválida: ${valor} (use AAAA-MM-DD).`);
  if (d.getTime() <= agora) throw new UsoInvalido('A data de expiração já passou.');
  return d;
}

function inteiro(valor: string | undefined, nome: string, min: number, max: number): number | undefined {
  if (valor === undefined) return undefined;
  const n = Number(valor);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsoInvalido(`--${nome} deve ser um número inteiro entre ${min} e ${max}.`);
  return n;
}

const dataHora = (d: Date | null) => (d ? d.toISOString().replace('.000Z', 'Z') : '—');

function situacao(c: ChaveResumo, agora: number): string {
  if (c.revogadaEm) return `revogada em ${dataHora(c.revogadaEm)}`;
  if (c.expiraEm && c.expiraEm.getTime() <= agora) return `expirada em ${dataHora(c.expiraEm)}`;
  if (c.anteriorValidoAte && c.anteriorValidoAte.getTime() > agora)
    return `ativa (segredo anterior vale até ${dataHora(c.anteriorValidoAte)})`;
  return 'ativa';
}

function descrever(c: ChaveResumo, agora: number): string {
  return [
    `${c.id}  ${c.nome}`,
    `  escopos: ${c.escopos.join(', ')}   limite: ${c.chamadasPorMinuto ?? 'padrão do servidor'} chamadas/min`,
    `  situação: ${situacao(c, agora)}`,
    `  criada: ${dataHora(c.criadaEm)}   expira: ${dataHora(c.expiraEm)}   último uso: ${dataHora(c.ultimoUsoEm)}`,
  ].join('\n');
}

/** Runs one command; returns the exit status. `escrever` receives what goes to stdout. */
export async function executarChaves(
  argv: string[],
  db: Db,
  escrever: (linha: string) => void,
  clock: Clock = systemClock,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      nome: { type: 'string' },
      escopos: { type: 'string' },
      'expira-em': { type: 'string' },
      limite: { type: 'string' },
      'sobreposicao-horas': { type: 'string' },
    },
  });
  const [comando, alvo, ...resto] = positionals;
  if (resto.length) throw new UsoInvalido(`Argumentos a mais: ${resto.join(' ')}.`);
  const servico = new ChavesDeIntegracao({ repo: new ChavesRepository(db), clock });
  const agora = clock.now();

  switch (comando) {
    case 'criar': {
      const nome = values.nome?.trim();
      if (!nome || nome.length > 100) throw new UsoInvalido('Informe --nome (até 100 caracteres).');
      const lista = (values.escopos ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      if (!lista.length) throw new UsoInvalido(`Informe --escopos (${ESCOPOS.join(', ')}).`);
      const escopos = lista.map((e) => {
        const r = escopoSchema.safeParse(e);
        if (!r.success) throw new UsoInvalido(`Escopo desconhecido: ${e} (use ${ESCOPOS.join(', ')}).`);
        return r.data;
      });
      const { chave, resumo } = await servico.criar({
        nome,
        escopos: [...new Set(escopos)],
        expiraEm: values['expira-em'] ? lerExpiracao(values['expira-em'], agora) : null,
        chamadasPorMinuto: inteiro(values.limite, 'limite', 1, 100_000) ?? null,
      });
      escrever(descrever(resumo, agora));
      escrever('');
      escrever(`Chave: ${chave}`);
      escrever('Guarde-a agora: ela não será mostrada de novo (só o hash do segredo fica no banco).');
      return 0;
    }
    case 'listar': {
      if (alvo) throw new UsoInvalido('listar não recebe argumentos.');
      const chaves = await servico.listar();
      if (!chaves.length) escrever('Nenhuma chave de integração.');
      for (const c of chaves) escrever(descrever(c, agora));
      return 0;
    }
    case 'revogar': {
      const id = idSchema.safeParse(alvo);
      if (!id.success) throw new UsoInvalido(id.error.issues[0]?.message ?? 'Id inválido.');
      if (!(await servico.revogar(id.data))) {
        escrever(`Chave ${id.data} não encontrada ou já revogada.`);
        return 1;
      }
      escrever(`Chave ${id.data} revogada: recusada a partir da próxima chamada.`);
      return 0;
    }
    case 'rotacionar': {
      const id = idSchema.safeParse(alvo);
      if (!id.success) throw new UsoInvalido(id.error.issues[0]?.message ?? 'Id inválido.');
      const horas =
        inteiro(values['sobreposicao-horas'], 'sobreposicao-horas', 0, 24 * 30) ?? SOBREPOSICAO_PADRAO_HORAS;
      const r = await servico.rotacionar(id.data, horas);
      if (!r) {
        escrever(`Chave ${id.data} não encontrada ou revogada.`);
        return 1;
      }
      escrever(descrever(r.resumo, agora));
      escrever('');
      escrever(`Nova chave: ${r.chave}`);
      escrever(
        horas > 0
          ? `A chave anterior continua valendo até ${dataHora(r.resumo.anteriorValidoAte)} (${horas} h); depois, é recusada.`
          : 'A chave anterior deixou de valer.',
      );
      escrever('Guarde a nova chave agora: ela não será mostrada de novo.');
      return 0;
    }
    default:
      throw new UsoInvalido(comando ? `Comando desconhecido: ${comando}.` : 'Informe um comando.');
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  const db = await bancoMigrado(config);
  try {
    return await executarChaves(process.argv.slice(2), db, (l) => process.stdout.write(`${l}\n`));
  } finally {
    await db.close();
  }
}

rodarComoScript(import.meta.url, main, { texto: USO, erro: UsoInvalido });
