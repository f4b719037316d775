// The load of bench/ensaio-pico.mjs: the extra account holders, the staff sessions, one keep-alive
// HTTP pool (as a proxy in front of the portals keeps), a member's visit as the web app makes its
// calls, and an attendant answering protocols; every call counted in the step it was sent in.
import { randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { cookiesDe, guardarCookies, pdfDe, sessaoDaEquipe as sessaoDaEquipeDoPortal } from './lib.mjs';
import { ambienteDoPortal } from './ensaio-pilha.mjs';

/**
 * Shared with the script: the portals' addresses (alternated per call, as Caddy's round_robin
 * does), the current step, what each step counted, the proportions P, the think time.
 */
export const carga = {
  bases: [],
  passo: -1,
  registros: [],
  especialidades: [],
  P: {},
  pensar: () => Promise.resolve(),
  pausaDaEquipe: () => 10_000,
};

export const percentil = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

// ---------------------------------------------------------------------------------------------
// Members and staff

/** CPF digits from a 9-digit base (check digits computed). */
function cpf(base) {
  const d = String(base).padStart(9, '0').split('').map(Number);
  const dv = (n) => {
    const s = d.slice(0, n).reduce((a, x, i) => a + x * (n + 1 - i), 0);
    return ((s * 10) % 11) % 10;
  };
  d.push(dv(9));
  d.push(dv(10));
  return d.join('');
}

/** `n` holders shaped like Roberto (one TITULAR, financial responsible, his installments and password hash). */
export async function criarMembros(pgUrl, n) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    const t0 = performance.now();
    const [modelo] = (
      await c.query(
        `select b.codigo_contrato, b.codigo_beneficiario from beneficiarios b where b.cpf = '93541134780' and b.ativo limit 1`,
      )
    ).rows;
    const cpfs = Array.from({ length: n }, (_, i) => cpf(700_000_000 + i * 7));
    await c.query('begin');
    await c.query(
      `create temp table g on commit drop as
       select ord::int as i, cpf, (80000000 + ord)::text as contrato, (80000000 + ord)::text || '0001' as cartao
       from unnest($1::text[]) with ordinality as t(cpf, ord)`,
      [cpfs],
    );
    await c.query(`insert into pessoas (cpf, nome, data_nascimento, sexo, email, celular)
      select cpf, 'Beneficiária Ensaio ' || i, date '1950-01-01' + (i * 37) % 20000,
        case when i % 2 = 0 then 'f' else 'm' end, 'ensaio' || i || '@exemplo.com.br', '119' || lpad(i::text, 8, '0')
      from g`);
    await c.query(
      `insert into contratos (codigo_contrato, codigo_plano, cpf_responsavel_financeiro, tipo_contratacao, data_inicio_vigencia)
       select g.contrato, k.codigo_plano, g.cpf, k.tipo_contratacao, k.data_inicio_vigencia
       from g, contratos k where k.codigo_contrato = $1`,
      [modelo.codigo_contrato],
    );
    await c.query(
      `insert into beneficiarios (codigo_beneficiario, codigo_contrato, cpf, tipo, ativo, data_inclusao)
       select g.cartao, g.contrato, g.cpf, 'TITULAR', true, b.data_inclusao
       from g, beneficiarios b where b.codigo_beneficiario = $1`,
      [modelo.codigo_beneficiario],
    );
    await c.query(`insert into contas (cpf, senha_hash, senha_definida_em)
      select g.cpf, k.senha_hash, now() from g, contas k where k.cpf = '93541134780'`);
    await c.query(
      `insert into mensalidades (codigo_mensalidade, codigo_contrato, competencia, vencimento, valor_centavos, pago_em, banco, campo_livre)
       select (9000000000 + g.i::bigint * 100 + row_number() over (partition by g.i order by m.competencia))::text,
         g.contrato, m.competencia, m.vencimento, m.valor_centavos, m.pago_em, m.banco, m.campo_livre
       from g, mensalidades m where m.codigo_contrato = $1`,
      [modelo.codigo_contrato],
    );
    await c.query(
      `insert into mensalidade_itens (codigo_mensalidade, ordem, codigo_beneficiario, tipo, descricao, valor_centavos)
       select nova.codigo_mensalidade, i.ordem, g.cartao, i.tipo, i.descricao, i.valor_centavos
       from g
       join mensalidades nova on nova.codigo_contrato = g.contrato
       join mensalidades velha on velha.codigo_contrato = $1 and velha.competencia = nova.competencia
       join mensalidade_itens i on i.codigo_mensalidade = velha.codigo_mensalidade`,
      [modelo.codigo_contrato],
    );
    await c.query('commit');
    await c.query('analyze');
    console.error(`  ${n} account holders written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return cpfs;
  } finally {
    await c.end();
  }
}

/** Attendant `k` of the rehearsal: a supervisor with an address of their own. */
export function sessaoDaEquipe(baseUrl, pgUrl, k) {
  return sessaoDaEquipeDoPortal(baseUrl, ambienteDoPortal(pgUrl), {
    email: `ensaio.${k}.${process.pid}@operadora.exemplo`,
    nome: `Atendente Ensaio ${k}`,
    novaSenha: `a senha propria do ensaio de pico ${k}`,
    cabecalhos: { 'x-forwarded-for': `10.9.0.${k + 1}` },
  });
}

// ---------------------------------------------------------------------------------------------
// The HTTP client: one keep-alive pool, as a proxy in front of the portals keeps

const agente = new http.Agent({ keepAlive: true, maxSockets: 512 });
let proxima = 0;

/** Where calls are counted: the step they were sent in, their kind, their latency, their status. */
export function registro(p) {
  carga.registros[p] ??= { lat: new Map(), erros: new Map(), conflitos: 0, iniciadas: 0, completas: 0, falhas: 0 };
  return carga.registros[p];
}

/**
 * One call: JSON (or raw bytes) in, { status, json?, bytes, headers } out; counted under `tipo`.
 * With `jar` (a Map) the cookies go and come back as a browser's do: PerfisDaConta's pb_preauth
 * reaches Autenticar, so a login hashes once (decision 0015), and pb_sessao every member call.
 */
function chamar(tipo, metodo, caminho, { corpo, cabecalhos = {}, bruto = false, jar } = {}) {
  const base = carga.bases[proxima++ % carga.bases.length];
  const passo = carga.passo;
  const t0 = performance.now();
  const dados = corpo === undefined ? undefined : Buffer.isBuffer(corpo) ? corpo : Buffer.from(JSON.stringify(corpo));
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${caminho}`,
      {
        method: metodo,
        agent: agente,
        headers: {
          ...(dados && !Buffer.isBuffer(corpo) ? { 'content-type': 'application/json' } : {}),
          ...(dados ? { 'content-length': dados.length } : {}),
          ...(jar?.size ? { cookie: cookiesDe(jar) } : {}),
          ...cabecalhos,
        },
      },
      (res) => {
        const partes = [];
        res.on('data', (b) => partes.push(b));
        res.on('end', () => {
          const ms = performance.now() - t0;
          const r = registro(passo);
          const lista = r.lat.get(tipo) ?? [];
          lista.push(ms);
          r.lat.set(tipo, lista);
          const status = res.statusCode;
          const buf = Buffer.concat(partes);
          if (jar) guardarCookies(jar, res.headers['set-cookie'] ?? []);
          if (status >= 500 || status === 429) {
            const k = `${status} ${tipo}`;
            r.erros.set(k, (r.erros.get(k) ?? 0) + 1);
          }
          let json;
          if (!bruto && (res.headers['content-type'] ?? '').includes('json')) {
            try {
              json = JSON.parse(buf.toString());
            } catch {
              // not JSON after all
            }
          }
          resolve({ status, json, bytes: buf.length, headers: res.headers });
        });
        res.on('error', () => resolve(falhou(passo, tipo)));
      },
    );
    req.on('error', () => resolve(falhou(passo, tipo)));
    req.end(dados);
  });
}
function falhou(passo, tipo) {
  const r = registro(passo);
  const k = `conexão ${tipo}`;
  r.erros.set(k, (r.erros.get(k) ?? 0) + 1);
  return { status: 0, bytes: 0, headers: {} };
}

class Interrompida extends Error {}
const exigir = (r, oQue) => {
  if (r.status < 200 || r.status >= 300) throw new Interrompida(`${oQue}: ${r.status} ${JSON.stringify(r.json ?? '')}`);
  return r;
};

const ip = () => `10.${randomInt(1, 250)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const diaIso = (dias) => new Date(Date.now() - dias * 86_400_000).toISOString().slice(0, 10);

let proximoMembro = 0;

/** One member's visit, as the web app makes its calls. */
export async function jornada(membros) {
  const passo = carga.passo;
  registro(passo).iniciadas++;
  // Accounts in turn, never two visits of one CPF at once: a second sign-in of a CPF while its first
  // is being checked is refused (429, decision 0005), which a drawn-at-random CPF would hit by chance.
  const cpfMembro = membros[proximoMembro++ % membros.length];
  const xff = { 'x-forwarded-for': ip() };
  const jar = new Map();
  try {
    const token = exigir(
      await chamar('GerarToken', 'POST', '/api/Token/GerarToken', {
        jar,
        corpo: { usuario: 'portal-web', senha: 'portal-web-demo' },
        cabecalhos: xff,
      }),
      'token',
    ).json;
    const auth = { ...xff, authorization: `Bearer ${token}` };
    exigir(
      await chamar('VerificarCPF', 'POST', '/api/Login/VerificarCPF', {
        jar,
        corpo: { cpf: cpfMembro },
        cabecalhos: auth,
      }),
      'cpf',
    );
    await carga.pensar();
    const perfis = exigir(
      await chamar('PerfisDaConta', 'POST', '/api/Login/PerfisDaConta', {
        jar,
        corpo: { cpf: Number(cpfMembro), senha: 'senha123' },
        cabecalhos: auth,
      }),
      'perfis',
    ).json;
    const p = perfis[0];
    const a = exigir(
      await chamar('Autenticar', 'POST', '/api/Login/Autenticar', {
        jar,
        corpo: { cpf: cpfMembro, senha: 'senha123', codigoPlano: p.codigoPlano, codigoContrato: p.codigoContrato },
        cabecalhos: auth,
      }),
      'autenticar',
    );
    if (!jar.has('pb_sessao')) throw new Interrompida('autenticar: no pb_sessao cookie');
    const perfil = { codigoSessao: a.json.codigoSessao };
    const membro = auth;
    const post = (tipo, caminho, corpo, extra = {}) =>
      chamar(tipo, 'POST', caminho, { jar, corpo, cabecalhos: membro, ...extra });
    exigir(await post('SituacaoDoPlano', '/api/Beneficiario/SituacaoDoPlano', { perfilAutenticado: perfil }), 'home');
    await carga.pensar();

    if (Math.random() < carga.P.financeiro) {
      const parcelas = exigir(
        await post('ListarParcelas', '/api/Financeiro/ListarParcelas', { PerfilAutenticado: perfil }),
        'parcelas',
      ).json;
      const lista = Array.isArray(parcelas) ? parcelas : (parcelas?.dados ?? []);
      const aberta = lista.find((x) => !x.dataPagamento && x.codigoMensalidade) ?? lista[0];
      await carga.pensar();
      if (aberta && Math.random() < carga.P.boleto)
        exigir(
          await post(
            'BaixarBoleto (PDF)',
            '/api/Financeiro/BaixarBoleto',
            { PerfilAutenticado: perfil, codigoMensalidade: aberta.codigoMensalidade },
            { bruto: true },
          ),
          'boleto',
        );
    }

    if (Math.random() < carga.P.guia) {
      const get = (tipo, caminho) => chamar(tipo, 'GET', caminho, { jar, cabecalhos: auth });
      exigir(await get('GuiaMedico/Cidades', '/api/GuiaMedico/Cidades?somenteOdonto=false'), 'cidades');
      exigir(await get('GuiaMedico/Especialidades', '/api/GuiaMedico/Especialidades?removeOdonto=false'), 'esp');
      for (let k = 1 + randomInt(3); k > 0; k--) {
        await carga.pensar();
        const q = new URLSearchParams({ codigoCidade: '3550308', pagina: '1', itensPagina: '10' });
        if (carga.especialidades.length && Math.random() < 0.7)
          q.set('codigoEspecialidade', String(carga.especialidades[randomInt(carga.especialidades.length)]));
        else q.set('nomeCredenciado', ['coracao', 'clinica', 'santa', 'hospital'][randomInt(4)]);
        exigir(await get('GuiaMedico/Prestadores', `/api/GuiaMedico/Prestadores?${q}`), 'guia');
      }
    }

    if (Math.random() < carga.P.protocolo) {
      await carga.pensar();
      exigir(
        await post('SolicitarCorrecao (protocolo)', '/api/MeusDados/SolicitarCorrecao', {
          perfilAutenticado: perfil,
          campo: 'ENDERECO',
          valorCorreto: 'Rua das Acácias, 120, apto 31, Campinas - SP',
        }),
        'correcao',
      );
      exigir(await post('Protocolos/Listar', '/api/Protocolos/Listar', { perfilAutenticado: perfil }), 'protocolos');
    }

    if (Math.random() < carga.P.reembolso) {
      await carga.pensar();
      const q = new URLSearchParams({ documento: 'comprovante_pagamento', nome: 'recibo.pdf' });
      const anexo = exigir(
        await chamar('Reembolso/Anexos (150 KB)', 'POST', `/api/Reembolso/Anexos?${q}`, {
          jar,
          corpo: pdfDe(150_000),
          cabecalhos: {
            ...membro,
            'content-type': 'application/octet-stream',
            'x-codigo-sessao': String(perfil.codigoSessao),
          },
        }),
        'anexo',
      ).json;
      exigir(
        await post('Reembolso/Solicitar', '/api/Reembolso/Solicitar', {
          perfilAutenticado: perfil,
          cpfBeneficiario: cpfMembro,
          tipo: 'consulta',
          dataAtendimento: diaIso(3 + randomInt(20)),
          prestador: {
            documento: '111.444.777-35',
            nome: 'Dra. Helena Prado',
            conselho: 'CRM',
            numeroConselho: '123456',
            ufConselho: 'SP',
          },
          valorPago: 150 + randomInt(400),
          numeroRecibo: `ENS-${randomBytes(5).toString('hex')}`,
          anexos: [anexo.id],
          pagamento: { forma: 'pix', tipoChave: 'cpf', chave: cpfMembro },
        }),
        'reembolso',
      );
      exigir(await post('Reembolso/Listar', '/api/Reembolso/Listar', { perfilAutenticado: perfil }), 'reembolsos');
    }

    if (Math.random() < carga.P.sair)
      exigir(await post('Sair', '/api/Login/Sair', { perfilAutenticado: perfil }), 'sair');
    registro(passo).completas++;
  } catch (e) {
    registro(passo).falhas++;
    // Never thrown on: a journey nobody awaits must not end the script before it stops its stack.
    const r = registro(passo);
    r.motivos ??= new Map();
    const m = (e instanceof Interrompida ? e.message : `the script itself: ${e.message}`).slice(0, 160);
    r.motivos.set(m, (r.motivos.get(m) ?? 0) + 1);
  }
}

/** An attendant answering data-correction protocols until `parar()`. */
export async function atendente(cabecalhos, parar) {
  while (!parar()) {
    const fila = await chamar('equipe: fila', 'GET', '/api/atendimento/protocolos?tipo=CORRECAO_DADOS', { cabecalhos });
    const itens = (fila.json?.itens ?? []).filter((i) => i.situacao === 'ABERTO' || i.situacao === 'EM_ANALISE');
    if (itens.length) {
      const { protocolo } = itens[randomInt(Math.min(10, itens.length))];
      const p = await chamar('equipe: protocolo', 'GET', `/api/atendimento/protocolos/${protocolo}`, { cabecalhos });
      if (p.status === 200) {
        const r = await chamar('equipe: responder', 'POST', `/api/atendimento/protocolos/${protocolo}/acoes`, {
          cabecalhos,
          corpo: {
            acao: 'responder',
            texto: 'Recebemos seu pedido. O endereço será atualizado no sistema da operadora em até 2 dias úteis.',
            versao: p.json?.versao,
            ...(p.json?.decisao === 'correcao'
              ? { aplicar: false, motivo: 'Atualizado no sistema da operadora.' }
              : {}),
          },
        });
        if (r.status === 409) registro(carga.passo).conflitos++;
        else if (r.status !== 200) {
          const motivos = (registro(carga.passo).motivos ??= new Map());
          const m = `staff answer: ${r.status} ${JSON.stringify(r.json ?? '').slice(0, 120)}`;
          motivos.set(m, (motivos.get(m) ?? 0) + 1);
        }
      }
    }
    await new Promise((r) => setTimeout(r, carga.pausaDaEquipe()));
  }
}
