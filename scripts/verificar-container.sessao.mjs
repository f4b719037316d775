// The HTTP side of scripts/verificar-container.sh: a demo member signs in through the portal's
// cookie-setting routes and uses the session, the way the web app does. Exits non-zero on failure.
//   entrar <url>              sign in (GerarToken → PerfisDaConta → Autenticar: Set-Cookie
//                             pb_sessao, HttpOnly), then a member call with that cookie answers 200;
//   cruzada <url> <n>         sign in, then n member calls (behind the round-robin proxy they
//                             alternate between the portals: the session works on each);
//   carga <url> <container>   writes (requests with a protocol) from 4 clients for 12 s; 3 s in,
//                             `podman kill` the container; then every write that got a 2xx is found,
//                             and writes went on succeeding after the kill.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

const CPF = '52998224725'; // Maria Aparecida Souza (docs/produto/demo.md; password senha123)
const SENHA = 'senha123';
const CLIENTE = {
  usuario: process.env.API_CLIENT_USER ?? 'portal-web',
  senha: process.env.API_CLIENT_SECRET ?? 'portal-web-demo',
};

function falha(msg) {
  console.error(`FALHA: ${msg}`);
  process.exit(1);
}

class Navegador {
  cookies = new Map();
  constructor(base) {
    this.base = base;
  }
  async post(caminho, corpo, cabecalhos = {}) {
    const headers = { 'content-type': 'application/json', ...cabecalhos };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const r = await fetch(this.base + caminho, {
      method: 'POST',
      headers,
      body: JSON.stringify(corpo),
      signal: AbortSignal.timeout(15_000),
    });
    const setCookies = r.headers.getSetCookie();
    for (const c of setCookies) {
      const [par = ''] = c.split(';');
      const i = par.indexOf('=');
      this.cookies.set(par.slice(0, i), par.slice(i + 1));
    }
    const texto = await r.text();
    let body = texto;
    try {
      body = JSON.parse(texto);
    } catch {
      // not JSON
    }
    return { status: r.status, body, setCookies };
  }
  async entrar() {
    const t = await this.post('/api/Token/GerarToken', CLIENTE);
    if (t.status !== 200 || typeof t.body !== 'string') falha(`GerarToken respondeu ${t.status}`);
    this.token = t.body;
    const perfis = await this.post('/api/Login/PerfisDaConta', { cpf: Number(CPF), senha: SENHA });
    if (perfis.status !== 200 || !Array.isArray(perfis.body) || !perfis.body.length)
      falha(`PerfisDaConta respondeu ${perfis.status}: ${JSON.stringify(perfis.body).slice(0, 200)}`);
    const p = perfis.body[0];
    const a = await this.post('/api/Login/Autenticar', {
      cpf: CPF,
      senha: SENHA,
      codigoPlano: p.codigoPlano,
      codigoContrato: p.codigoContrato,
    });
    if (a.status !== 200 || !a.body?.sucesso)
      falha(`Autenticar respondeu ${a.status}: ${JSON.stringify(a.body).slice(0, 200)}`);
    const sessao = a.setCookies.find((c) => c.startsWith('pb_sessao='));
    if (!sessao) falha('Autenticar não gravou o cookie pb_sessao');
    if (!/;\s*HttpOnly/i.test(sessao)) falha('o cookie pb_sessao não é HttpOnly');
    this.perfil = { codigoSessao: a.body.codigoSessao };
    return sessao;
  }
  protocolos(extra = {}) {
    return this.post('/api/Protocolos/Listar', { perfilAutenticado: this.perfil, ...extra });
  }
}

const [modo, base, arg] = process.argv.slice(2);
if (!base) falha('uso: verificar-container.sessao.mjs entrar|cruzada|carga <url> [...]');

if (modo === 'entrar' || modo === 'cruzada') {
  const n = modo === 'entrar' ? 1 : Number(arg ?? 10);
  const nav = new Navegador(base);
  const cookie = await nav.entrar();
  console.log(
    `Maria entrou: ${cookie.split(';').slice(0, 1)[0].slice(0, 18)}…; ${cookie.split(';').slice(1).join(';').trim()}`,
  );
  for (let i = 0; i < n; i++) {
    const r = await nav.protocolos();
    if (r.status !== 200 || !Array.isArray(r.body?.protocolos))
      falha(`chamada de membro ${i + 1} com o cookie respondeu ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`);
  }
  console.log(`${n} chamada(s) de membro com a sessão: 200`);
} else if (modo === 'carga') {
  const nav = new Navegador(base);
  await nav.entrar();
  const confirmados = [];
  const falhas = {};
  const exemplos = {};
  let mortoEm = 0;
  let depoisDaMorte = 0;
  const fim = Date.now() + 12_000;
  const matar = setTimeout(() => {
    execFileSync('podman', ['kill', '--signal', 'KILL', arg]);
    mortoEm = Date.now();
    console.log(`podman kill --signal KILL ${arg} após ${confirmados.length} escritas confirmadas`);
  }, 3_000);
  const cliente = async () => {
    while (Date.now() < fim) {
      try {
        const r = await nav.post(
          '/api/Venda/ContatoInicial',
          { perfilAutenticado: nav.perfil, interesse: 'SOS' },
          { 'idempotency-key': randomUUID() },
        );
        if (r.status >= 200 && r.status < 300 && r.body?.protocolo) {
          confirmados.push(r.body.protocolo);
          if (mortoEm) depoisDaMorte++;
        } else {
          falhas[r.status] = (falhas[r.status] ?? 0) + 1;
          exemplos[r.status] ??= `${mortoEm ? 'depois' : 'antes'} da morte: ${JSON.stringify(r.body).slice(0, 300)}`;
        }
      } catch (err) {
        falhas[err.name] = (falhas[err.name] ?? 0) + 1;
      }
    }
  };
  await Promise.all([cliente(), cliente(), cliente(), cliente()]);
  clearTimeout(matar);
  if (!mortoEm) falha('o contêiner não foi morto');
  console.log(
    `${confirmados.length} escritas confirmadas (${depoisDaMorte} depois da morte); sem 2xx: ${JSON.stringify(falhas)}`,
  );
  for (const [status, ex] of Object.entries(exemplos)) console.log(`  ${status}, ${ex}`);
  if (depoisDaMorte < 10) falha('o outro portal não continuou atendendo depois da morte');
  // Each confirmed write looked up again. Lost is an answer that does not have it (200, total 0); a 502/503
  // or a dropped connection is the portal saying "try again" (the database may still be catching up with
  // the load on a busy machine), so it is asked again, within one minute for all of them.
  const prazo = Date.now() + 60_000;
  const buscar = async (numero) => {
    for (;;) {
      let r;
      try {
        r = await nav.protocolos({ protocolo: numero });
      } catch (err) {
        r = { status: err.name, body: '' };
      }
      if (r.status === 200 || ![502, 503, 'TimeoutError', 'TypeError'].includes(r.status) || Date.now() > prazo)
        return r;
      await new Promise((pronto) => setTimeout(pronto, 1_000));
    }
  };
  let perdidos = 0;
  let semResposta = 0;
  for (const numero of confirmados) {
    const r = await buscar(numero);
    if (r.status === 200 && r.body.total === 1) continue;
    const perdido = r.status === 200;
    if (perdido) perdidos++;
    else semResposta++;
    if (perdidos + semResposta <= 5)
      console.error(
        `protocolo confirmado ${numero} ${perdido ? 'não encontrado' : 'não verificado'} (${r.status}: ${JSON.stringify(r.body).slice(0, 200)})`,
      );
  }
  if (perdidos) falha(`${perdidos} de ${confirmados.length} escritas confirmadas perdidas`);
  if (semResposta)
    falha(`${semResposta} de ${confirmados.length} escritas confirmadas sem resposta do portal em 1 min`);
  console.log(`todas as ${confirmados.length} escritas confirmadas encontradas depois`);
} else falha(`modo desconhecido: ${modo}`);
