// `npm run conformance -- <base URL>`: checks an API against the portal's contract (docs/produto/comum.md, "Calls",
// packages/contract). An operator runs it against its own API to see which calls answer the
// contract and which do not; CI runs it against ours. It signs in as a test member and calls
// every read of the portal, validating each answer with the contract's response schema, and
// checks the error shape on a few refusals. It writes nothing but a session (and ends it).
// Environment: CONFORMIDADE_USUARIO / CONFORMIDADE_SENHA (app credential, default portal-web /
// portal-web-demo), CONFORMIDADE_CPF / CONFORMIDADE_SENHA_MEMBRO (default the demo's Maria),
// CONFORMIDADE_CONTRATO (which profile; default the first active one).
import {
  apiErrorSchema,
  autenticarResponseSchema,
  autorizacoesBeneficiariosResponseSchema,
  cidadesResponseSchema,
  especialidadesResponseSchema,
  gerarTokenResponseSchema,
  listarAutorizacoesResponseSchema,
  listarCarteirinhasResponseSchema,
  listarExtratoIrpfResponseSchema,
  listarParcelasResponseSchema,
  listarUtilizacaoResponseSchema,
  ofertaServicoResponseSchema,
  perfisDaContaResponseSchema,
  prestadoresResponseSchema,
  prestadoresSubstituidosResponseSchema,
  produtosResponseSchema,
  renovarSessaoResponseSchema,
  utilizacaoBeneficiariosResponseSchema,
  verificarCpfResponseSchema,
} from '@portal/contract';
import { z } from 'zod';

z.config(z.locales.ptBR());

const base = (process.argv[2] ?? '').replace(/\/+$/, '');
if (!/^https?:\/\//.test(base)) {
  console.error('Uso: npm run conformance -- <URL base da API, ex.: https://api.suaoperadora.com.br>');
  process.exit(2);
}
const env = (k: string, d: string) => process.env[k] || d;
const cred = {
  usuario: env('CONFORMIDADE_USUARIO', 'portal-web'),
  senha: env('CONFORMIDADE_SENHA', 'portal-web-demo'),
};
const cpf = env('CONFORMIDADE_CPF', '52998224725');
const senha = env('CONFORMIDADE_SENHA_MEMBRO', 'senha123');

const cookies = new Map<string, string>();
let token = '';
interface Resultado {
  chamada: string;
  ok: boolean;
  detalhe: string;
}
const resultados: Resultado[] = [];

async function chamar(method: 'GET' | 'POST', path: string, body?: unknown) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const r = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  for (const c of r.headers.getSetCookie()) {
    const [pair = ''] = c.split(';');
    const i = pair.indexOf('=');
    if (/max-age=0/i.test(c) || i === pair.length - 1) cookies.delete(pair.slice(0, i));
    else cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  const text = await r.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the schema check says so
  }
  return { status: r.status, json };
}

/** One call of the contract: expected status, its answer validated by the contract's schema. */
async function verificar<S extends z.ZodType>(
  chamada: string,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  schema: S,
  status = 200,
): Promise<z.output<S> | undefined> {
  try {
    const r = await chamar(method, path, body);
    if (r.status !== status) {
      resultados.push({
        chamada,
        ok: false,
        detalhe: `HTTP ${r.status}, esperado ${status}: ${JSON.stringify(r.json).slice(0, 160)}`,
      });
      return undefined;
    }
    const p = schema.safeParse(r.json);
    if (!p.success) {
      const i = p.error.issues[0];
      resultados.push({
        chamada,
        ok: false,
        detalhe: `resposta fora do contrato em ${i?.path.join('.') || '(raiz)'}: ${i?.message}`,
      });
      return undefined;
    }
    resultados.push({ chamada, ok: true, detalhe: `HTTP ${status}` });
    return p.data;
  } catch (err) {
    resultados.push({
      chamada,
      ok: false,
      detalhe: `sem resposta: ${err instanceof Error ? err.message : String(err)}`,
    });
    return undefined;
  }
}

token = (await verificar('Token/GerarToken', 'POST', '/api/Token/GerarToken', cred, gerarTokenResponseSchema)) ?? '';
await verificar('Login/VerificarCPF', 'POST', '/api/Login/VerificarCPF', { cpf }, verificarCpfResponseSchema);
await verificar(
  'Login/VerificarCPF (CPF inválido → 400)',
  'POST',
  '/api/Login/VerificarCPF',
  { cpf: '12345678900' },
  apiErrorSchema,
  400,
);
const perfis = await verificar(
  'Login/PerfisDaConta',
  'POST',
  '/api/Login/PerfisDaConta',
  { cpf: Number(cpf), senha },
  perfisDaContaResponseSchema,
);
const perfil =
  perfis?.find((p) => p.codigoContrato === process.env.CONFORMIDADE_CONTRATO) ??
  perfis?.find((p) => !p.dataCancelamento) ??
  perfis?.[0];
const login = perfil
  ? await verificar(
      'Login/Autenticar',
      'POST',
      '/api/Login/Autenticar',
      { cpf, senha, codigoPlano: perfil.codigoPlano, codigoContrato: perfil.codigoContrato },
      autenticarResponseSchema,
    )
  : undefined;

if (login?.codigoSessao) {
  const perfilAutenticado = { codigoSessao: login.codigoSessao };
  const m = { perfilAutenticado };
  await verificar('Login/RenovarSessao', 'POST', '/api/Login/RenovarSessao', m, renovarSessaoResponseSchema);
  await verificar(
    'Autorizacoes/Beneficiarios (sem perfil → 401)',
    'POST',
    '/api/Autorizacoes/Beneficiarios',
    {},
    apiErrorSchema,
    401,
  );
  const bens = await verificar(
    'Autorizacoes/Beneficiarios',
    'POST',
    '/api/Autorizacoes/Beneficiarios',
    m,
    autorizacoesBeneficiariosResponseSchema,
  );
  const codigo = bens?.[0]?.codigoBeneficiario;
  if (codigo)
    await verificar(
      'Autorizacoes/ListarAutorizacoes',
      'POST',
      '/api/Autorizacoes/ListarAutorizacoes',
      { ...m, codigoBeneficiario: codigo },
      listarAutorizacoesResponseSchema,
    );
  await verificar(
    'Carteirinha/ListarCarteirinhas',
    'POST',
    '/api/Carteirinha/ListarCarteirinhas',
    m,
    listarCarteirinhasResponseSchema,
  );
  await verificar(
    'Financeiro/ListarParcelas',
    'POST',
    '/api/Financeiro/ListarParcelas',
    { PerfilAutenticado: perfilAutenticado },
    listarParcelasResponseSchema,
  );
  await verificar(
    'Financeiro/ListarExtratoIRPF',
    'POST',
    '/api/Financeiro/ListarExtratoIRPF',
    { PerfilAutenticado: perfilAutenticado },
    listarExtratoIrpfResponseSchema,
  );
  const usoBens = await verificar(
    'utilizacao/Beneficiarios',
    'POST',
    '/api/utilizacao/Beneficiarios',
    m,
    utilizacaoBeneficiariosResponseSchema,
  );
  const usoCodigo = Array.isArray(usoBens) ? usoBens[0]?.codigoBeneficiario : undefined;
  if (usoCodigo)
    await verificar(
      'utilizacao/ListarUtilizacao',
      'POST',
      '/api/utilizacao/ListarUtilizacao',
      { ...m, codigoBeneficiario: usoCodigo },
      listarUtilizacaoResponseSchema,
    );
  if (login.responsavelFinanceiro) {
    await verificar(
      'Servicos/Sos/Beneficiarios',
      'POST',
      '/api/Servicos/Sos/Beneficiarios',
      m,
      ofertaServicoResponseSchema,
    );
    await verificar(
      'Servicos/Ortopedico/Beneficiarios',
      'POST',
      '/api/Servicos/Ortopedico/Beneficiarios',
      m,
      ofertaServicoResponseSchema,
    );
  }
  const cidades = await verificar(
    'GuiaMedico/Cidades',
    'GET',
    '/api/GuiaMedico/Cidades?somenteOdonto=false',
    undefined,
    cidadesResponseSchema,
  );
  await verificar(
    'GuiaMedico/Especialidades',
    'GET',
    '/api/GuiaMedico/Especialidades?removeOdonto=false',
    undefined,
    especialidadesResponseSchema,
  );
  const cidade = cidades?.[0]?.codigo;
  await verificar(
    'GuiaMedico/Prestadores',
    'GET',
    `/api/GuiaMedico/Prestadores?pagina=1&itensPagina=10&somenteOdonto=false${cidade !== undefined ? `&codigoCidade=${cidade}` : ''}`,
    undefined,
    prestadoresResponseSchema,
  );
  await verificar(
    'GuiaMedico/PrestadoresSubstituidos',
    'GET',
    '/api/GuiaMedico/PrestadoresSubstituidos',
    undefined,
    prestadoresSubstituidosResponseSchema,
  );
  await verificar('GuiaMedico/Produtos', 'GET', '/api/GuiaMedico/Produtos', undefined, produtosResponseSchema);
  await chamar('POST', '/api/Login/Sair', m).catch(() => undefined);
}

const largura = Math.max(...resultados.map((r) => r.chamada.length));
for (const r of resultados)
  console.log(`${r.ok ? 'conforme    ' : 'NÃO CONFORME'}  ${r.chamada.padEnd(largura)}  ${r.detalhe}`);
const falhas = resultados.filter((r) => !r.ok).length;
console.log(`\n${resultados.length - falhas} de ${resultados.length} chamadas conformes ao contrato (${base})`);
process.exit(falhas ? 1 : 0);
