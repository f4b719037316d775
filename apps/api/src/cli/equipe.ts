// `npm run equipe -- <comando>`: the staff console's accounts (issue 17, decision 0033).
//   criar --email <e-mail> --nome "<nome>" --papel atendente|supervisor|administrador
//   listar
//   desativar --email <e-mail>
//   redefinir --email <e-mail>     (new one-time password and new TOTP secret; sessions end)
// It reads the server's configuration (DATABASE_URL, else DATA_DIR) and applies pending migrations
// like the server does at start. The one-time password is printed here only. The TOTP secret is
// printed too, and the console shows it again at the first sign-in to whoever signs in with the
// one-time password, until a code confirms it; after that, nowhere (decision 0033: the one-time
// password is the enrolment's credential, and the message below says so).
// Exit status: 0 done, 1 no such account or a failure, 2 a usage or configuration error.
// With DATABASE_URL it runs while the server runs; PGlite (DATA_DIR) is one process's database:
// stop the server first (two processes on one data directory corrupt it).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PAPEIS_EQUIPE, papelEquipeSchema } from '@portal/contract';
import { type Clock, systemClock } from '../clock';
import { type Config, loadConfig } from '../config';
import { PgCounterStore } from '../db/counters';
import type { Db } from '../db/db';
import { prepararSelagem } from '../db/selagem';
import { closePasswordWorkers } from '../lib/password';
import { Throttle } from '../lib/tentativas';
import { DispositivosConhecidos } from '../modules/atendimento/dispositivo';
import { EquipeService } from '../modules/atendimento/equipe';
import { EquipeRepository } from '../modules/atendimento/repository';
import { loadOperadora } from '../modules/operadora/config';
import { bancoMigrado, rodarComoScript } from './script';

export const USO = `Uso: npm run equipe -- <comando>
  criar --email <e-mail> --nome "<nome>" --papel ${PAPEIS_EQUIPE.join('|')}
  listar
  desativar --email <e-mail>
  redefinir --email <e-mail>`;

/** A usage mistake: the message, then the usage, exit status 2. */
export class UsoInvalido extends Error {}

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'E-mail inválido.' }).max(254, 'E-mail inválido.'));

function lerEmail(v: string | undefined): string {
  if (!v) throw new UsoInvalido('Informe --email.');
  const r = emailSchema.safeParse(v);
  if (!r.success) throw new UsoInvalido(`E-mail inválido: ${v}.`);
  return r.data;
}

const dataHora = (d: Date | null) => (d ? new Date(d).toISOString().replace(/\.\d{3}Z$/, 'Z') : '—');

function mostrarCadastro(
  escrever: (l: string) => void,
  r: { senha: string; otpauthUri: string; segredo: string },
): void {
  escrever(`Senha provisória: ${r.senha}`);
  escrever(`TOTP (otpauth): ${r.otpauthUri}`);
  escrever(`Segredo TOTP (base32): ${r.segredo}`);
  for (const linha of MENSAGEM_DO_CADASTRO) escrever(linha);
}

/**
 * What the one-time password is worth (decision 0033): it is the credential of the enrolment, since
 * the first sign-in shows the TOTP secret to whoever holds it.
 */
export const MENSAGEM_DO_CADASTRO = [
  'A senha provisória é a chave do primeiro acesso: quem entrar com ela vê no console este mesmo segredo TOTP',
  '(o QR code), cadastra o aplicativo autenticador, confirma com um código e troca a senha por uma sua; depois',
  'disso a senha provisória deixa de valer e o segredo não aparece mais. Entregue só a senha provisória, só à',
  'pessoa e por um canal seguro (o segredo não precisa ir: o console o mostra). Se no primeiro acesso a senha',
  'for recusada, alguém a usou antes: rode "redefinir --email …" e veja a auditoria.',
];

/** The service the CLI needs (no sign-in: the throttle is there only because the service takes one). */
export async function servicoDaEquipe(db: Db, config: Config, clock: Clock = systemClock): Promise<EquipeService> {
  const operadora = loadOperadora(config.operadoraDir, config.env);
  const { selagem } = await prepararSelagem(db, config);
  return new EquipeService({
    repo: new EquipeRepository(db),
    cofre: selagem.totp,
    dispositivos: new DispositivosConhecidos(selagem.dispositivos),
    throttle: new Throttle(new PgCounterStore(db, clock), config.throttle, clock),
    clock,
    operadora,
    ociosidadeMinutos: config.equipe.ociosidadeMinutos,
  });
}

/** Runs one command; returns the exit status. `escrever` receives what goes to stdout. */
export async function executarEquipe(
  argv: string[],
  servico: EquipeService,
  escrever: (linha: string) => void,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { email: { type: 'string' }, nome: { type: 'string' }, papel: { type: 'string' } },
  });
  const [comando, ...resto] = positionals;
  if (resto.length) throw new UsoInvalido(`Argumentos a mais: ${resto.join(' ')}.`);

  switch (comando) {
    case 'criar': {
      const email = lerEmail(values.email);
      const nome = values.nome?.trim();
      if (!nome || nome.length > 100) throw new UsoInvalido('Informe --nome (até 100 caracteres).');
      const papel = papelEquipeSchema.safeParse(values.papel);
      if (!papel.success) throw new UsoInvalido(`Informe --papel: ${PAPEIS_EQUIPE.join(', ')}.`);
      const r = await servico.criarConta({ email, nome, papel: papel.data });
      if (!r) {
        escrever(`Já existe uma conta com o e-mail ${email}.`);
        return 1;
      }
      escrever(`Conta criada: ${r.conta.nome} <${r.conta.email}> (${r.conta.papel}), id ${r.conta.id}`);
      mostrarCadastro(escrever, r);
      return 0;
    }
    case 'listar': {
      const contas = await servico.contas();
      if (!contas.length) escrever('Nenhuma conta da equipe.');
      for (const c of contas)
        escrever(
          `${c.email}  ${c.nome}  ${c.papel}  TOTP: ${c.totpConfirmadoEm ? 'cadastrado' : 'pendente'}` +
            `  ${c.desativadaEm ? `desativada em ${dataHora(c.desativadaEm)}` : 'ativa'}`,
        );
      return 0;
    }
    case 'desativar': {
      const email = lerEmail(values.email);
      if (!(await servico.desativar(email))) {
        escrever(`Conta ${email} não encontrada ou já desativada.`);
        return 1;
      }
      escrever(`Conta ${email} desativada: as sessões abertas foram encerradas.`);
      return 0;
    }
    case 'redefinir': {
      const email = lerEmail(values.email);
      const r = await servico.redefinir(email);
      if (!r) {
        escrever(`Conta ${email} não encontrada.`);
        return 1;
      }
      escrever(`Conta ${email}: nova senha e novo segredo TOTP; as sessões abertas foram encerradas.`);
      mostrarCadastro(escrever, r);
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
    const servico = await servicoDaEquipe(db, config);
    return await executarEquipe(process.argv.slice(2), servico, (l) => process.stdout.write(`${l}\n`));
  } finally {
    await closePasswordWorkers();
    await db.close();
  }
}

rodarComoScript(import.meta.url, main, { texto: USO, erro: UsoInvalido });
