import { randomUUID } from 'node:crypto';
import { cpfFromBase, formatCpf } from '@portal/br';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { formatarNumeroProtocolo } from '@portal/contract';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);

const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

let proximo = 500_000_000;
/** A person who is nobody's beneficiary yet (valid CPF). */
const novoCpf = () => cpfFromBase(String(proximo++));

const dependente = (over: Record<string, unknown> = {}) => ({
  nome: 'Lucas Souza Andrade',
  cpf: novoCpf(),
  dataNascimento: '2019-05-20',
  cidade: 'São Paulo',
  celular: '11987651234',
  ...over,
});

const adicionar = (c: Client, perfil: object, novosDependentes: unknown, chave?: string) =>
  c.post<Record<string, unknown>>(
    '/api/Venda/AdicionarDependente',
    { perfilAutenticado: perfil, novosDependentes },
    chave ? { headers: { 'idempotency-key': chave } } : {},
  );

describe('POST /api/Venda/AdicionarDependente', () => {
  it('stores the request with its protocol, and tells the member by e-mail', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const a = dependente({ nome: 'Pedro Henrique Souza' });
    const b = dependente({ nome: 'Helena Souza Lima', celular: '(21) 99876-1234' });
    const r = await adicionar(c, perfil, [a, b]);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sucesso: true,
      mensagem: 'Dependente(s) adicionado(s) com sucesso.',
      protocolo: expect.stringMatching(/^41729720260310\d{6}$/),
      prazoResposta: '2026-03-19',
    });
    const rows = await t.db.query(
      `select cpf, nome, data_nascimento::text as nascimento, cidade, celular, situacao, cpf_solicitante
         from dependentes_solicitados where protocolo = $1 order by id`,
      [r.body.protocolo],
    );
    expect(rows).toEqual([
      {
        cpf: a.cpf,
        nome: 'Pedro Henrique Souza',
        nascimento: '2019-05-20',
        cidade: 'São Paulo',
        celular: '11987651234',
        situacao: 'EM_ANALISE',
        cpf_solicitante: CPF.maria,
      },
      {
        cpf: b.cpf,
        nome: 'Helena Souza Lima',
        nascimento: '2019-05-20',
        cidade: 'São Paulo',
        celular: '21998761234',
        situacao: 'EM_ANALISE',
        cpf_solicitante: CPF.maria,
      },
    ]);
    const [protocolo] = await t.db.query<Record<string, unknown>>(
      'select tipo, situacao, assunto from protocolos where numero = $1',
      [r.body.protocolo],
    );
    expect(protocolo).toEqual({
      tipo: 'INCLUSAO_DEPENDENTE',
      situacao: 'ABERTO',
      assunto: 'Inclusão de 2 dependente(s): Pedro Henrique Souza, Helena Souza Lima',
    });
    const [aviso] = await t.db.query<{ canal: string; destino: string; mensagem: string }>(
      'select canal, destino, mensagem from outbox order by id desc limit 1',
    );
    expect(aviso).toEqual({
      canal: 'email',
      destino: 'maria.souza@exemplo.com.br',
      mensagem: `Saúde Exemplo: recebemos sua solicitação de inclusão de 2 dependente(s) (Pedro Henrique Souza, Helena Souza Lima). Protocolo ${formatarNumeroProtocolo(r.body.protocolo as string)}. Responderemos até 19/03/2026.`,
    });
    expect(
      await count(`audit_log where event = 'solicitacao_registrada' and detail->>'protocolo' = $1`, [r.body.protocolo]),
    ).toBe(1);
  });

  it('a CPF already in the contract, or with a request under analysis, is refused', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const r = await adicionar(c, perfil, [dependente({ cpf: CPF.joaoPedro })]);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'JA_REGISTRADO',
      message: `O CPF ${formatCpf(CPF.joaoPedro)} já faz parte deste contrato.`,
    });
    const d = dependente();
    const primeira = await adicionar(c, perfil, [d]);
    const segunda = await adicionar(c, perfil, [dependente(), { ...d, nome: 'Outro Nome Qualquer' }]);
    expect(segunda.status).toBe(409);
    expect(segunda.body).toMatchObject({
      code: 'JA_REGISTRADO',
      message: `Já existe uma solicitação de inclusão em análise para o CPF ${formatCpf(d.cpf)} (protocolo ${primeira.body.protocolo as string}).`,
    });
    // The refused request left nothing behind.
    expect(await count('dependentes_solicitados where cpf = $1', [d.cpf])).toBe(1);
  });

  it('20 identical submissions at once (a double click, a retry) make one request', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const chave = randomUUID();
    const d = [dependente(), dependente()];
    const antes = await count('dependentes_solicitados');
    const rs = await Promise.all(Array.from({ length: 20 }, () => adicionar(c, perfil, d, chave)));
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(rs.map((r) => r.body.protocolo)).size).toBe(1);
    expect(await count('dependentes_solicitados')).toBe(antes + 2);
  });

  it('without a key, 20 identical submissions at once still make one request (the rest are refused)', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const d = [dependente()];
    const rs = await Promise.all(Array.from({ length: 20 }, () => adicionar(c, perfil, d)));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await count('dependentes_solicitados where cpf = $1', [d[0]!.cpf])).toBe(1);
  });

  it('every field is checked again, with the message of the first problem', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const cases: [unknown, string][] = [
      [undefined, 'Informe pelo menos um dependente.'],
      [[], 'Informe pelo menos um dependente.'],
      [Array.from({ length: 6 }, () => dependente()), 'Envie no máximo 5 dependentes por vez.'],
      [[dependente({ nome: '' })], 'Informe o nome completo.'],
      [[dependente({ nome: 'Lucas' })], 'Informe o nome completo (nome e sobrenome).'],
      [[dependente({ nome: 'Lucas <script>' })], 'O nome deve ter apenas letras.'],
      [[dependente({ nome: 'A'.repeat(121) })], 'O nome deve ter no máximo 120 caracteres.'],
      [[dependente({ cpf: '123.456.789-00' })], 'CPF inválido.'],
      [[dependente({ cpf: undefined })], 'Informe o CPF.'],
      [[dependente({ dataNascimento: '2019-02-30' })], 'Data de nascimento inválida.'],
      [[dependente({ dataNascimento: '20/05/2019x' })], 'Data de nascimento inválida.'],
      [[dependente({ dataNascimento: '' })], 'Informe a data de nascimento.'],
      [
        [dependente({ dataNascimento: '2026-03-11' })],
        'A data de nascimento não pode estar no futuro. (Lucas Souza Andrade)',
      ],
      [[dependente({ dataNascimento: '1890-01-01' })], 'Data de nascimento inválida. (Lucas Souza Andrade)'],
      [[dependente({ cidade: '' })], 'Informe a cidade.'],
      [[dependente({ cidade: 'x'.repeat(81) })], 'A cidade deve ter no máximo 80 caracteres.'],
      [[dependente({ celular: '' })], 'Informe o celular.'],
      [[dependente({ celular: '1133334444' })], 'Celular inválido. Informe DDD e número, por exemplo (11) 98765-4321.'],
    ];
    const cpf = novoCpf();
    cases.push([[dependente({ cpf }), dependente({ cpf })], 'O mesmo CPF foi informado mais de uma vez.']);
    for (const [novos, message] of cases) {
      const r = await adicionar(c, perfil, novos);
      expect(r.status, message).toBe(400);
      expect(r.body, message).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
  });

  it('dates may come as DD/MM/AAAA and digits with masks; they are stored clean', async () => {
    const { c, perfil } = await membro(CPF.maria, CONTRATO.maria);
    const cpf = novoCpf();
    const masked = formatCpf(cpf);
    const r = await adicionar(c, perfil, [
      dependente({ cpf: masked, dataNascimento: '01/02/2015', celular: '(11) 91234-5678' }),
    ]);
    expect(r.status).toBe(200);
    const [row] = await t.db.query(
      'select cpf, data_nascimento::text as d, celular from dependentes_solicitados where cpf = $1',
      [cpf],
    );
    expect(row).toEqual({ cpf, d: '2015-02-01', celular: '11912345678' });
  });

  it('only the holder or the financial responsible of an active contract may ask', async () => {
    const carlos = await membro(CPF.carlos);
    const r = await adicionar(carlos.c, carlos.perfil, [dependente()]);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      sucesso: false,
      code: 'ACESSO_RESTRITO',
      message: 'Apenas o titular ou o responsável financeiro do contrato pode incluir dependentes.',
      erro: 'Apenas o titular ou o responsável financeiro do contrato pode incluir dependentes.',
    });
    const antigo = await membro(CPF.maria, CONTRATO.mariaCancelado);
    const r2 = await adicionar(antigo.c, antigo.perfil, [dependente()]);
    expect(r2.status).toBe(403);
    expect(r2.body).toMatchObject({ message: 'Este contrato está cancelado e não aceita a inclusão de dependentes.' });
  });

  it("another browser holding Maria's session code, or no cookie, gets 401 and stores nothing", async () => {
    const { perfil } = await membro(CPF.maria, CONTRATO.maria);
    const roberto = await membro(CPF.roberto);
    const antes = await count('dependentes_solicitados');
    for (const c of [roberto.c, t.client()]) {
      const r = await adicionar(c, perfil, [dependente()]);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
    }
    expect(await count('dependentes_solicitados')).toBe(antes);
  });
});

describe('the other Venda calls', () => {
  it('ContatoInicial stores a sales contact request with a protocol', async () => {
    const { c, perfil } = await membro(CPF.roberto);
    const r = await c.post<Record<string, unknown>>('/api/Venda/ContatoInicial', {
      perfilAutenticado: perfil,
      interesse: 'ORTOPEDICO',
      mensagem: '  Quero saber o preço para minha esposa.  ',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      sucesso: true,
      mensagem: 'Recebemos seu pedido de contato. Nossa equipe comercial falará com você em breve.',
      protocolo: expect.stringMatching(/^\d{20}$/),
      prazoResposta: '2026-03-19',
    });
    const [row] = await t.db.query('select cpf, interesse, mensagem from contatos_comerciais where protocolo = $1', [
      r.body.protocolo,
    ]);
    expect(row).toEqual({
      cpf: CPF.roberto,
      interesse: 'ORTOPEDICO',
      mensagem: 'Quero saber o preço para minha esposa.',
    });
    for (const [body, message] of [
      [{}, 'Informe o assunto do contato.'],
      [{ interesse: 'FAX' }, 'Informe o assunto do contato.'],
      [{ interesse: 'SOS', mensagem: 'x'.repeat(501) }, 'A mensagem deve ter no máximo 500 caracteres.'],
    ] as const) {
      const bad = await c.post('/api/Venda/ContatoInicial', { perfilAutenticado: perfil, ...body });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
  });

  it("Entrevista/Consultar follows the contract's inclusion requests; a dependant sees only his own", async () => {
    const maria = await membro(CPF.maria, CONTRATO.maria);
    const d = dependente({ nome: 'Rafael Souza Prado' });
    const pedido = await adicionar(maria.c, maria.perfil, [d]);
    const r = await maria.c.post<{ solicitacoes: Record<string, unknown>[] }>('/api/Venda/Entrevista/Consultar', {
      perfilAutenticado: maria.perfil,
    });
    expect(r.status).toBe(200);
    expect(r.body.solicitacoes[0]).toEqual({
      protocolo: pedido.body.protocolo,
      criadoEm: '2026-03-10T12:00:00.000Z',
      prazoResposta: '2026-03-19',
      dependentes: [{ nome: 'Rafael Souza Prado', situacao: 'EM_ANALISE' }],
    });
    const carlos = await membro(CPF.carlos);
    const deCarlos = await carlos.c.post('/api/Venda/Entrevista/Consultar', { perfilAutenticado: carlos.perfil });
    expect(deCarlos.body).toEqual({ solicitacoes: [] });
    const roberto = await membro(CPF.roberto);
    const deRoberto = await roberto.c.post('/api/Venda/Entrevista/Consultar', { perfilAutenticado: roberto.perfil });
    expect(deRoberto.body).toEqual({ solicitacoes: [] });
  });

  it('Questionario/Consultar answers the health declaration', async () => {
    const { c, perfil } = await membro(CPF.carlos);
    const r = await c.post<{ versao: string; titulo: string; perguntas: { numero: number; texto: string }[] }>(
      '/api/Venda/Questionario/Consultar',
      { perfilAutenticado: perfil },
    );
    expect(r.status).toBe(200);
    expect(r.body.titulo).toBe('Declaração de Saúde');
    expect(r.body.perguntas).toHaveLength(10);
    expect(r.body.perguntas[0]).toEqual({
      numero: 1,
      texto: 'Tem ou já teve doença do coração ou da circulação (hipertensão, infarto, arritmia, varizes)?',
    });
  });

  it('each answers 401 without the cookie', async () => {
    const { perfil } = await membro(CPF.roberto);
    for (const path of [
      '/api/Venda/ContatoInicial',
      '/api/Venda/Entrevista/Consultar',
      '/api/Venda/Questionario/Consultar',
    ]) {
      const r = await t.client().post(path, { perfilAutenticado: perfil, interesse: 'SOS' });
      expect(r.status, path).toBe(401);
    }
  });
});
