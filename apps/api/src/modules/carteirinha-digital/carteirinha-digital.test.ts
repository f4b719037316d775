import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { lerPdf } from '../../../../../test/pdf-text';
import {
  appDoArquivo,
  BENEFICIARIO,
  type Client,
  CONTRATO,
  CPF,
  HOJE,
  startApp,
  type TestApp,
} from '../../../test/helper';

// The fixed clock of the API tests is 2026-03-10 12:00 UTC (09:00 in São Paulo): a QR token issued
// then lives until 12:05 UTC.
let t: TestApp;
appDoArquivo((app) => (t = app));

type Perfil = { codigoSessao: number };
const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);

interface Qr {
  token: string;
  codigo: string;
  emitidoEm: string;
  expiraEm: string;
  validadeSegundos: number;
}
const gerar = (c: Client, perfil: Perfil | null, numeroCarteirinha?: unknown) =>
  c.post<Qr & Record<string, unknown>>('/api/CarteirinhaDigital/GerarQrCode', {
    perfilAutenticado: perfil,
    numeroCarteirinha,
  });
const verificar = (c: Client, token: unknown) =>
  c.post<Record<string, unknown>>('/api/CarteirinhaDigital/Verificar', { token });

/** A PDF answer: bytes and headers, read as the browser downloads it. */
async function baixarPdf(c: Client, perfil: Perfil, numeroCarteirinha: string) {
  const r = await fetch(`${c.baseUrl}/api/CarteirinhaDigital/BaixarPdf`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${c.token}`,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': c.ip,
    },
    body: JSON.stringify({ perfilAutenticado: perfil, numeroCarteirinha }),
  });
  const bytes = new Uint8Array(await r.arrayBuffer());
  return { status: r.status, headers: r.headers, bytes, json: () => JSON.parse(Buffer.from(bytes).toString()) };
}

const erro = (code: string, message: string) => ({ sucesso: false, code, message, erro: message });
const NAO_ENCONTRADA = erro('NAO_ENCONTRADO', 'Carteirinha não encontrada neste contrato.');
const SESSAO_INVALIDA = erro('SESSAO_INVALIDA', 'Sessão inválida ou expirada. Faça login novamente.');
const ENTRADA_INVALIDA = 'Informe o código do QR Code ou o código de verificação de 8 caracteres.';

const MARIA_NA_CLINICA = {
  nome: 'Maria Aparecida Souza',
  nomeSocial: null,
  plano: 'Saúde Exemplo Essencial Apartamento',
  registroAnsPlano: '484521201',
};
const VALIDA_HOJE = {
  situacao: 'VALIDA',
  mensagem: 'Carteirinha válida hoje, 10/03/2026.',
  verificadoEm: '2026-03-10T12:00:00.000Z',
  dia: '2026-03-10',
};

const secret = async () =>
  new TextEncoder().encode(
    (await t.db.query<{ value: string }>("select value from server_secrets where name = 'carteirinha_secret'"))[0]!
      .value,
  );

describe('POST /api/CarteirinhaDigital/GerarQrCode', () => {
  it("a holder gets a 5-minute HS256 token for her card and her dependants'; its jti is the code to type", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    for (const numero of [BENEFICIARIO.maria, BENEFICIARIO.joaoPedro, BENEFICIARIO.anaClara]) {
      const r = await gerar(c, perfil, numero);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        token: expect.any(String),
        codigo: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
        emitidoEm: '2026-03-10T12:00:00.000Z',
        expiraEm: '2026-03-10T12:05:00.000Z',
        validadeSegundos: 300,
      });
      // Nothing personal travels in the QR: the card number, an id and the times.
      expect(decodeProtectedHeader(r.body.token)).toEqual({ alg: 'HS256' });
      expect(decodeJwt(r.body.token)).toEqual({
        sub: numero,
        jti: r.body.codigo,
        iat: HOJE / 1000,
        exp: HOJE / 1000 + 300,
      });
    }
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from carteirinha_qr where codigo_sessao = $1',
      [perfil.codigoSessao],
    );
    expect(row!.n).toBe(3);
  });

  it("a dependant gets only his own card's; a relative's or another contract's card is not found", async () => {
    const { c, perfil } = await membro(CPF.carlos);
    expect((await gerar(c, perfil, BENEFICIARIO.carlos)).status).toBe(200);
    for (const numero of [BENEFICIARIO.marcos, BENEFICIARIO.maria, '9999999999']) {
      const r = await gerar(c, perfil, numero);
      expect(r.status, numero).toBe(404);
      expect(r.body).toEqual(NAO_ENCONTRADA);
    }
    const roberto = await membro(CPF.roberto);
    const r = await gerar(roberto.c, roberto.perfil, BENEFICIARIO.joaoPedro);
    expect(r.status).toBe(404);
    expect(r.body).toEqual(NAO_ENCONTRADA);
  });

  it("a card whose coverage ended (Maria's cancelled contract) gets no QR code", async () => {
    const antigo = await membro(CPF.maria, CONTRATO.mariaCancelado);
    const r = await gerar(antigo.c, antigo.perfil, '1087612001');
    expect(r.status).toBe(422);
    expect(r.body).toEqual(
      erro('CARTEIRINHA_INATIVA', 'Esta carteirinha não está ativa, por isso não tem QR Code de verificação.'),
    );
  });

  it("another browser holding Maria's session code, or her code without its cookie, gets a 401", async () => {
    const { perfil } = await membro(CPF.maria, CONTRATO.maria);
    const { c: roberto } = await membro(CPF.roberto);
    for (const c of [roberto, t.client()]) {
      const r = await gerar(c, perfil, BENEFICIARIO.maria);
      expect(r.status).toBe(401);
      expect(r.body).toEqual(SESSAO_INVALIDA);
    }
    expect((await gerar(t.client(), null, BENEFICIARIO.maria)).status).toBe(401);
  });

  it('bad input gets a 400 with a Portuguese message', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    for (const [numero, mensagem] of [
      [undefined, 'Informe o número da carteirinha.'],
      [1100234001, 'Informe o número da carteirinha.'],
      ['1100-234', 'O número da carteirinha é inválido.'],
      ['1'.repeat(40), 'O número da carteirinha é inválido.'],
      ["1' or '1'='1", 'O número da carteirinha é inválido.'],
    ] as const) {
      const r = await gerar(c, perfil, numero);
      expect(r.status, String(numero)).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message: mensagem });
    }
  });
});

describe('POST /api/CarteirinhaDigital/Verificar (a clinic, no member session)', () => {
  it('says whose card it is and that it covers today — name and plan only, by QR token or typed code', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const qr = (await gerar(c, perfil, BENEFICIARIO.maria)).body;
    const clinica = t.client();
    const porQr = await verificar(clinica, qr.token);
    expect(porQr.status).toBe(200);
    expect(porQr.body).toEqual({ ...VALIDA_HOJE, beneficiario: MARIA_NA_CLINICA });
    // No CPF, no card number, nothing else of hers.
    for (const dado of [CPF.maria, '529.982.247-25', BENEFICIARIO.maria, CONTRATO.maria, '700504839172315'])
      expect(porQr.text).not.toContain(dado);
    const digitado = `${qr.codigo.slice(0, 4).toLowerCase()}-${qr.codigo.slice(4)}`;
    const porCodigo = await verificar(clinica, digitado);
    expect(porCodigo.body).toEqual({ ...VALIDA_HOJE, beneficiario: MARIA_NA_CLINICA });
  });

  it('expired: a token or code older than 5 minutes says so and tells nobody whose it was', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const qr = (await gerar(c, perfil, BENEFICIARIO.anaClara)).body;
    t.clock.advance(299_000);
    expect((await verificar(t.client(), qr.token)).body).toMatchObject({ situacao: 'VALIDA' });
    t.clock.advance(1_000);
    const r = await verificar(t.client(), qr.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      situacao: 'EXPIRADA',
      mensagem:
        'Este QR Code expirou. Peça ao beneficiário para abrir a carteirinha digital de novo e mostrar o código atualizado.',
      verificadoEm: '2026-03-10T12:05:00.000Z',
      dia: '2026-03-10',
      beneficiario: null,
    });
    expect((await verificar(t.client(), qr.codigo)).body).toMatchObject({
      situacao: 'EXPIRADA',
      mensagem:
        'Este código expirou. Peça ao beneficiário para abrir a carteirinha digital de novo e mostrar o código atualizado.',
      beneficiario: null,
    });
  });

  it('tampered or forged tokens, and codes never issued, are invalid and name nobody', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const qr = (await gerar(c, perfil, BENEFICIARIO.maria)).body;
    const [h, p, s] = qr.token.split('.') as [string, string, string];
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const payload = decodeJwt(qr.token);
    const outraChave = new TextEncoder().encode('x'.repeat(48));
    const chave = await secret();
    const assinado = (claims: Record<string, unknown>, k = chave) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(k);
    const invalidos = [
      // Another card number under Maria's signature.
      `${h}.${b64({ ...payload, sub: BENEFICIARIO.carlos })}.${s}`,
      // A later expiry under the same signature.
      `${h}.${b64({ ...payload, exp: payload.exp! + 3600 })}.${s}`,
      // One character of the signature changed.
      `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`,
      // Unsigned ('alg: none').
      `${b64({ alg: 'none' })}.${p}.${'A'.repeat(22)}`,
      // Signed with a key that is not the server's.
      await assinado({ ...payload }, outraChave),
      // Signed with the server's key but never handed out (unknown jti) …
      await assinado({ ...payload, jti: 'ZZZZZZZZ' }),
      // … or handed out for another card.
      await assinado({ ...payload, sub: BENEFICIARIO.joaoPedro }),
    ];
    for (const token of invalidos) {
      const r = await verificar(t.client(), token);
      expect(r.status, token).toBe(200);
      expect(r.body).toEqual({
        situacao: 'INVALIDA',
        mensagem: 'QR Code inválido: ele não foi emitido pela Saúde Exemplo ou foi alterado.',
        verificadoEm: '2026-03-10T12:00:00.000Z',
        dia: '2026-03-10',
        beneficiario: null,
      });
    }
    const codigo = await verificar(t.client(), qr.codigo === 'ZZZZ0000' ? 'ZZZZ0001' : 'ZZZZ-0000');
    expect(codigo.body).toMatchObject({
      situacao: 'INVALIDA',
      mensagem: 'Código não encontrado. Confira as 8 letras e números ou leia o QR Code da carteirinha.',
      beneficiario: null,
    });
  });

  it('a genuine token for a card whose coverage ended since is INATIVA (whose, but not valid)', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const qr = (await gerar(c, perfil, BENEFICIARIO.joaoPedro)).body;
    await t.db.query(
      "update beneficiarios set ativo = false, data_exclusao = '2026-03-10' where codigo_beneficiario = $1",
      [BENEFICIARIO.joaoPedro],
    );
    try {
      const r = await verificar(t.client(), qr.token);
      expect(r.body).toEqual({
        situacao: 'INATIVA',
        mensagem: 'Carteirinha sem cobertura: o plano deste beneficiário não está ativo hoje, 10/03/2026.',
        verificadoEm: '2026-03-10T12:00:00.000Z',
        dia: '2026-03-10',
        beneficiario: {
          nome: 'João Pedro Souza',
          nomeSocial: null,
          plano: 'Saúde Exemplo Essencial Apartamento',
          registroAnsPlano: '484521201',
        },
      });
    } finally {
      await t.db.query('update beneficiarios set ativo = true, data_exclusao = null where codigo_beneficiario = $1', [
        BENEFICIARIO.joaoPedro,
      ]);
    }
  });

  it('a social name on file goes on the card data and on the clinic page, the civil name with it', async () => {
    await t.db.query("update pessoas set nome_social = 'Ana Souza' where cpf = $1", [CPF.anaClara]);
    try {
      const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
      const cartoes = await c.post<{ numeroCarteirinha: string; nomeSocial: string | null }[]>(
        '/api/Carteirinha/ListarCarteirinhas',
        { perfilAutenticado: perfil },
      );
      expect(cartoes.body.map((x) => [x.numeroCarteirinha, x.nomeSocial])).toEqual([
        [BENEFICIARIO.maria, null],
        [BENEFICIARIO.joaoPedro, null],
        [BENEFICIARIO.anaClara, 'Ana Souza'],
      ]);
      const qr = (await gerar(c, perfil, BENEFICIARIO.anaClara)).body;
      expect((await verificar(t.client(), qr.token)).body).toMatchObject({
        situacao: 'VALIDA',
        beneficiario: { nome: 'Ana Clara Souza', nomeSocial: 'Ana Souza' },
      });
    } finally {
      await t.db.query('update pessoas set nome_social = null where cpf = $1', [CPF.anaClara]);
    }
  });

  it('each check is audited with the card number, never the token or the code', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const qr = (await gerar(c, perfil, BENEFICIARIO.maria)).body;
    const clinica = t.client('200.160.2.3');
    await verificar(clinica, qr.token);
    await verificar(clinica, 'ZZZZ-ZZZZ');
    const rows = await t.db.query<{ cpf: string | null; ip: string; detail: Record<string, unknown> | string }>(
      "select cpf, ip, detail from audit_log where event = 'carteirinha_verificada' and ip = '200.160.2.3' order by id",
    );
    const detalhe = (d: Record<string, unknown> | string) => (typeof d === 'string' ? JSON.parse(d) : d);
    expect(rows.map((r) => [r.cpf, r.ip, detalhe(r.detail)])).toEqual([
      [CPF.maria, '200.160.2.3', { situacao: 'VALIDA', via: 'qr', numeroCarteirinha: BENEFICIARIO.maria }],
      [null, '200.160.2.3', { situacao: 'INVALIDA', via: 'codigo', numeroCarteirinha: null }],
    ]);
    const todos = JSON.stringify(
      await t.db.query("select detail from audit_log where event = 'carteirinha_verificada'"),
    );
    expect(todos).not.toContain(qr.codigo);
    expect(todos).not.toContain(qr.token.split('.')[2]);
  });

  it('30 checks a minute per IP (typed codes cannot be guessed), then 429; another IP is not held back', async () => {
    const clinica = t.client('200.160.9.9');
    for (let i = 0; i < 30; i++) expect((await verificar(clinica, 'ZZZZ-ZZZZ')).status).toBe(200);
    const r = await verificar(clinica, 'ZZZZ-ZZZZ');
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 'MUITAS_TENTATIVAS', aguardarSegundos: 60 });
    expect(r.headers.get('retry-after')).toBe('60');
    expect((await verificar(t.client('200.160.9.10'), 'ZZZZ-ZZZZ')).status).toBe(200);
    t.clock.advance(60_000);
    expect((await verificar(clinica, 'ZZZZ-ZZZZ')).status).toBe(200);
  });

  it('needs the app token (not a member session); bad input gets a 400 in Portuguese', async () => {
    const semToken = await t
      .client()
      .post('/api/CarteirinhaDigital/Verificar', { token: 'ZZZZ-ZZZZ' }, { auth: false });
    expect(semToken.status).toBe(401);
    expect(semToken.body).toMatchObject({ code: 'TOKEN_INVALIDO' });
    for (const token of [undefined, '', '   ', 'abc', 12345678, 'ZZZZ-ZZZU', 'x'.repeat(5000), { valor: 'x' }]) {
      const r = await verificar(t.client(), token);
      expect(r.status, String(token)).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message: ENTRADA_INVALIDA });
    }
  });
});

describe('POST /api/CarteirinhaDigital/BaixarPdf', () => {
  it("the holder downloads her son's card: a tagged PDF with what the front desk asks for, no CPF", async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await baixarPdf(c, perfil, BENEFICIARIO.joaoPedro);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename=carteirinha-${BENEFICIARIO.joaoPedro}.pdf`);
    const pdf = await lerPdf(r.bytes);
    expect(pdf.titulo).toBe('Carteirinha digital - João Pedro Souza - Saúde Exemplo');
    expect(pdf.idioma).toBe('pt-BR');
    expect(pdf.marcado).toBe(true);
    expect(pdf.papeis).toEqual(expect.arrayContaining(['Document', 'H1', 'H2', 'P']));
    for (const trecho of [
      'Saúde Exemplo · ANS nº 417297',
      'João Pedro Souza',
      'Carteirinha nº 1100 2340 02',
      'Saúde Exemplo Essencial Apartamento Registro ANS do produto nº 484521201',
      'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA · APARTAMENTO',
      'CNS: 700 2084 7361 9202',
      'Início da cobertura: 01/03/2019',
      'Nenhuma carência a cumprir em 10/03/2026.',
      'Sem cobertura parcial temporária (CPT) em curso.',
      'Central de Atendimento: 0800 770 4172',
    ])
      expect(pdf.texto).toContain(trecho);
    expect(pdf.texto).not.toContain(CPF.joaoPedro);
    expect(pdf.texto).not.toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/);
  });

  it('lists the waiting periods still running and a CPT still in force; a social name comes first', async () => {
    await t.db.query(
      "insert into carencias (codigo_beneficiario, ordem, descricao, data_fim) values ($1, 90, 'Parto a termo', '2026-11-30')",
      [BENEFICIARIO.roberto],
    );
    await t.db.query("update beneficiarios set data_final_cpt = '2027-01-31' where codigo_beneficiario = $1", [
      BENEFICIARIO.roberto,
    ]);
    await t.db.query("update pessoas set nome_social = 'Beto Pereira' where cpf = $1", [CPF.roberto]);
    try {
      const { c, perfil } = await membro(CPF.roberto);
      const pdf = await lerPdf((await baixarPdf(c, perfil, BENEFICIARIO.roberto)).bytes);
      expect(pdf.texto).toContain('Beto Pereira Nome civil: Roberto Alves Pereira');
      expect(pdf.texto).toContain('Carência a cumprir Até Parto a termo 30/11/2026');
      expect(pdf.texto).toContain(
        'Cobertura parcial temporária (CPT) para doenças ou lesões preexistentes até 31/01/2027.',
      );
      expect(pdf.papeis).toEqual(expect.arrayContaining(['Table', 'TH', 'TD']));
      // The waiting periods that ended in 2016 are not listed.
      expect(pdf.texto).not.toContain('Urgência e emergência');
    } finally {
      await t.db.query('delete from carencias where codigo_beneficiario = $1 and ordem = 90', [BENEFICIARIO.roberto]);
      await t.db.query("update beneficiarios set data_final_cpt = '2018-02-01' where codigo_beneficiario = $1", [
        BENEFICIARIO.roberto,
      ]);
      await t.db.query('update pessoas set nome_social = null where cpf = $1', [CPF.roberto]);
    }
  });

  it("a dependant cannot download a relative's card, nor anyone another contract's; no session, no PDF", async () => {
    const carlos = await membro(CPF.carlos);
    for (const numero of [BENEFICIARIO.marcos, BENEFICIARIO.maria]) {
      const r = await baixarPdf(carlos.c, carlos.perfil, numero);
      expect(r.status).toBe(404);
      expect(r.json()).toEqual(NAO_ENCONTRADA);
    }
    const maria = await membro(CPF.maria, CONTRATO.maria);
    const outroNavegador = t.client();
    outroNavegador.token = await outroNavegador.newToken();
    const r = await baixarPdf(outroNavegador, maria.perfil, BENEFICIARIO.maria);
    expect(r.status).toBe(401);
    expect(r.json()).toEqual(SESSAO_INVALIDA);
    const ruim = await maria.c.post('/api/CarteirinhaDigital/BaixarPdf', { perfilAutenticado: maria.perfil });
    expect(ruim.status).toBe(400);
    expect(ruim.body).toMatchObject({ code: 'DADOS_INVALIDOS', message: 'Informe o número da carteirinha.' });
  });
});

describe('installable app: manifest and service worker', () => {
  it("the manifest is the operator's: name, colour, icons (maskable too), standalone, starts at the card", async () => {
    const r = await t.client().get('/manifest.webmanifest');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.body).toMatchObject({
      id: '/',
      name: 'Saúde Exemplo — Portal do Beneficiário',
      short_name: 'Saúde Exemplo',
      lang: 'pt-BR',
      start_url: '/carteirinha',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b5c7a',
      background_color: '#f8fafc',
    });
    expect((r.body as { icons: unknown[] }).icons).toEqual([
      { src: '/operadora/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/operadora/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/operadora/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    for (const icone of ['icon-192.png', 'icon-512.png', 'maskable-512.png']) {
      const img = await fetch(`${t.url}/operadora/icons/${icone}`);
      expect(img.status, icone).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      await img.arrayBuffer(); // a body left unread keeps the connection busy and the app from closing
    }
  });

  it('a re-branded operator installs under its own name and colour, without a rebuild', async () => {
    const outra = await startApp({ env: { OPERADORA_NOME: 'Vida Plena', OPERADORA_COR_PRIMARIA: '#7a1f5c' } });
    try {
      const r = await outra.client().get('/manifest.webmanifest');
      expect(r.body).toMatchObject({
        name: 'Vida Plena — Portal do Beneficiário',
        short_name: 'Vida Plena',
        theme_color: '#7a1f5c',
      });
    } finally {
      await outra.close();
    }
  });

  it('/sw.js is served from the web build, never cached; without a build it is a 404', async () => {
    expect((await t.client().get('/sw.js')).status).toBe(404);
    const dist = mkdtempSync(join(tmpdir(), 'portal-sw-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    const comBuild = await startApp({ env: { WEB_DIST: dist } });
    try {
      const r = await comBuild.client().get('/sw.js');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(r.text).toBe('self.addEventListener("install", () => {});');
      expect(r.headers.get('content-security-policy')).toContain("worker-src 'self'; manifest-src 'self'");
    } finally {
      await comBuild.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
