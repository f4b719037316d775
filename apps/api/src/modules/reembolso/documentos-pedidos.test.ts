import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTRATO } from '@portal/operadora/demo';
import { EQUIPE, equipeLogada } from '../../../test/equipe';
import { appDoArquivo, type Client, CPF, type TestApp } from '../../../test/helper';
import { enviarAnexo, pedidoDeReembolso } from '../../../test/reembolso';
import { ChavesDeIntegracao, ChavesRepository } from '../integracao';

// Issue 31, 'Pedir documentos' stores what was ticked (decision 0067), over real HTTP on PGlite: the
// list kept as data and returned to the member, the console's bad lists refused in Portuguese,
// another contract sees nothing, and the member's answer holds only the kinds asked for (or 'outro').

let t: TestApp;
appDoArquivo((app) => (t = app));

type Json = Record<string, unknown>;
let recibos = 0;
let cores = 0;

const jpeg = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: `#${(++cores).toString(16).padStart(6, '0')}` } })
    .jpeg()
    .toBuffer();

async function maria() {
  return t.membro(CPF.maria, DEMO_CONTRATO.maria);
}

/** A file of kind `documento` uploaded by the member; its id. */
async function anexo(c: Client, perfil: { codigoSessao: number }, documento: string) {
  const r = await enviarAnexo(c, perfil, await jpeg(), { documento, nome: `${documento}.jpg` });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as string;
}

/** A new reimbursement of Maria's (its own receipt number); its protocol. */
async function reembolsoDaMaria() {
  const { c, perfil } = await maria();
  const foto = await anexo(c, perfil, 'comprovante_pagamento');
  const r = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([foto], { numeroRecibo: `RS-DOCS-${++recibos}` }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.protocolo as string;
}

async function pedir(protocolo: string, corpo: Json) {
  const { c } = await equipeLogada(t, 'atendente', 'docs');
  return c.post<Json>(`/api/atendimento/reembolsos/${protocolo}/pendencia`, corpo, EQUIPE);
}

async function detalheDaMaria(protocolo: string) {
  const { c, perfil } = await maria();
  const r = await c.post<Json>('/api/Reembolso/Detalhe', { perfilAutenticado: perfil, protocolo });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function responder(protocolo: string, documentos: string[]) {
  const { c, perfil } = await maria();
  const anexos: string[] = [];
  for (const d of documentos) anexos.push(await anexo(c, perfil, d));
  return c.post<Json>('/api/Reembolso/ResponderPendencia', { perfilAutenticado: perfil, protocolo, anexos });
}

describe("the console's request stores the documents ticked", () => {
  it('returns them to the member in the checklist order', async () => {
    const protocolo = await reembolsoDaMaria();
    const r = await pedir(protocolo, { documentos: ['nota_fiscal', 'relatorio_medico'], pergunta: 'Pode ser foto.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await detalheDaMaria(protocolo)).documentosPedidos).toEqual(['relatorio_medico', 'nota_fiscal']);
  });

  it('keeps them in the table as well as the text the member reads', async () => {
    const protocolo = await reembolsoDaMaria();
    expect((await pedir(protocolo, { documentos: ['laudo_exame'] })).status).toBe(200);
    const [row] = await t.db.query<{ documentos: string[]; pergunta: string }>(
      'select documentos_pedidos as documentos, pergunta from reembolsos where protocolo = $1',
      [protocolo],
    );
    expect(row).toEqual({
      documentos: ['laudo_exame'],
      pergunta: 'Para continuarmos, envie os documentos abaixo:\n- Laudo de exame',
    });
  });

  it("returns them in the protocol's detail (Meus Protocolos) too", async () => {
    const protocolo = await reembolsoDaMaria();
    expect((await pedir(protocolo, { documentos: ['documento_identidade'] })).status).toBe(200);
    const { c, perfil } = await maria();
    const r = await c.post<{ reembolso: Json }>('/api/Protocolos/Detalhe', { perfilAutenticado: perfil, protocolo });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.reembolso.documentosPedidos).toEqual(['documento_identidade']);
  });

  it('returns an empty list for a free-text request', async () => {
    const protocolo = await reembolsoDaMaria();
    expect((await pedir(protocolo, { pergunta: 'Envie o relatório médico, por favor.' })).status).toBe(200);
    expect((await detalheDaMaria(protocolo)).documentosPedidos).toEqual([]);
  });

  it('gives another contract nothing of the request', async () => {
    const protocolo = await reembolsoDaMaria();
    expect((await pedir(protocolo, { documentos: ['pedido_medico'] })).status).toBe(200);
    const { c, perfil } = await t.membro(CPF.carlos, DEMO_CONTRATO.carlos);
    const r = await c.post<Json>('/api/Reembolso/Detalhe', { perfilAutenticado: perfil, protocolo });
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.body)).not.toContain('pedido_medico');
  });
});

describe("the console's bad lists are refused in Portuguese", () => {
  let protocolo: string;
  beforeAll(async () => {
    protocolo = await reembolsoDaMaria();
  });

  it('refuses a document outside the checklist', async () => {
    const r = await pedir(protocolo, { documentos: ['senha_do_banco'] });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Documento inválido\. Use: relatorio_medico/);
  });

  it('refuses a document repeated', async () => {
    const r = await pedir(protocolo, { documentos: ['nota_fiscal', 'nota_fiscal'] });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Documentos repetidos.');
  });

  it('refuses a list that is not a list', async () => {
    const r = await pedir(protocolo, { documentos: 'nota_fiscal' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('documentos deve ser uma lista.');
  });

  it('refuses neither a document nor free text', async () => {
    const r = await pedir(protocolo, { documentos: [], pergunta: '   ' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Informe o que falta.');
  });

  it('refuses free text over 1000 characters', async () => {
    const r = await pedir(protocolo, { documentos: ['nota_fiscal'], pergunta: 'a'.repeat(1001) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('No máximo 1000 caracteres.');
  });

  it('stores nothing when it refuses', async () => {
    await pedir(protocolo, { documentos: ['senha_do_banco'] });
    const [row] = await t.db.query<{ situacao: string; documentos: string[] }>(
      'select situacao, documentos_pedidos as documentos from reembolsos where protocolo = $1',
      [protocolo],
    );
    expect(row).toEqual({ situacao: 'recebido', documentos: [] });
  });
});

describe("the member's answer holds the documents asked for", () => {
  it('refuses a kind that was not asked for, in Portuguese, and the request stays pending', async () => {
    const protocolo = await reembolsoDaMaria();
    expect((await pedir(protocolo, { documentos: ['relatorio_medico'] })).status).toBe(200);
    const r = await responder(protocolo, ['comprovante_pagamento']);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'O arquivo comprovante_pagamento.jpg foi enviado como "Comprovante de pagamento / recibo", que não foi pedido. ' +
        'A operadora pediu: Relatório médico. Escolha um desses documentos (ou "Outro documento") e envie o arquivo de novo.',
    );
    expect((await detalheDaMaria(protocolo)).situacao).toBe('pendente');
  });

  it('accepts the kind asked for, and the list is cleared once answered', async () => {
    const protocolo = await reembolsoDaMaria();
    expect((await pedir(protocolo, { documentos: ['relatorio_medico', 'laudo_exame'] })).status).toBe(200);
    const r = await responder(protocolo, ['laudo_exame', 'relatorio_medico']);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = await detalheDaMaria(protocolo);
    expect([d.situacao, d.documentosPedidos]).toEqual(['em_analise', []]);
  });

  it("accepts 'outro' beside the kinds asked for (what the free text adds)", async () => {
    const protocolo = await reembolsoDaMaria();
    expect((await pedir(protocolo, { documentos: ['nota_fiscal'], pergunta: 'E a carta do médico.' })).status).toBe(
      200,
    );
    const r = await responder(protocolo, ['nota_fiscal', 'outro']);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('accepts any kind after a free-text request', async () => {
    const protocolo = await reembolsoDaMaria();
    expect((await pedir(protocolo, { pergunta: 'Envie o que tiver da consulta.' })).status).toBe(200);
    const r = await responder(protocolo, ['comprovante_pagamento']);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});

describe("the integration API's request for documents", () => {
  let chave: string;
  beforeAll(async () => {
    const chaves = new ChavesDeIntegracao({ repo: new ChavesRepository(t.db), clock: t.clock });
    chave = (await chaves.criar({ nome: 'Pendências da operadora', escopos: ['protocolos'] })).chave;
  });
  const pendencia = async (protocolo: string, corpo: Json) => {
    const r = await fetch(`${t.url}/api/integracao/v1/reembolsos/${protocolo}/pendencia`, {
      method: 'POST',
      headers: { authorization: `Bearer ${chave}`, 'content-type': 'application/json' },
      body: JSON.stringify(corpo),
    });
    return { status: r.status, body: (await r.json()) as Json };
  };

  it('stores the documents it names, as the console does', async () => {
    const protocolo = await reembolsoDaMaria();
    const r = await pendencia(protocolo, { pergunta: 'Da consulta de março.', documentos: ['relatorio_medico'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await detalheDaMaria(protocolo)).documentosPedidos).toEqual(['relatorio_medico']);
  });

  it('refuses a document outside the checklist', async () => {
    const protocolo = await reembolsoDaMaria();
    const r = await pendencia(protocolo, { pergunta: 'x', documentos: ['extrato'] });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Documento inválido/);
  });
});
