import { Readable } from 'node:stream';
import { CPF, type Client } from './helper';

/**
 * POST /api/Reembolso/Anexos as the web app sends it: the file itself as the body (a Buffer or a
 * stream), the session code in x-codigo-sessao, the kind of document in the query (decision 0034).
 */
export async function enviarAnexo(
  c: Client,
  perfil: { codigoSessao: number },
  corpo: Buffer | Readable,
  q: { documento?: string; nome?: string; chave?: string; tipo?: string; semSessao?: boolean } = {},
) {
  c.token ??= await c.newToken();
  const params = new URLSearchParams();
  if (q.documento !== undefined || !('documento' in q)) params.set('documento', q.documento ?? 'comprovante_pagamento');
  if (q.nome) params.set('nome', q.nome);
  const headers: Record<string, string> = {
    authorization: `Bearer ${c.token}`,
    'x-forwarded-for': c.ip,
    'content-type': q.tipo ?? 'application/octet-stream',
    cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  if (!q.semSessao) headers['x-codigo-sessao'] = String(perfil.codigoSessao);
  if (q.chave) headers['idempotency-key'] = q.chave;
  const ir = () =>
    fetch(`${c.baseUrl}/api/Reembolso/Anexos?${params}`, {
      method: 'POST',
      headers,
      body: corpo instanceof Readable ? (Readable.toWeb(corpo) as ReadableStream) : corpo,
      ...(corpo instanceof Readable ? { duplex: 'half' } : {}),
    } as RequestInit);
  let r = await ir();
  // Like the web app: an expired API token (the tests move the clock) is renewed once.
  if (r.status === 401 && r.headers.get('www-authenticate') && Buffer.isBuffer(corpo)) {
    c.token = await c.newToken();
    headers.authorization = `Bearer ${c.token}`;
    r = await ir();
  }
  const text = await r.text();
  return { status: r.status, body: JSON.parse(text) as Record<string, unknown> };
}

/** A whole small PDF written by hand, with `comentario` in a comment line and a right cross-reference table. */
export function pdfCru(comentario: string): Buffer {
  const objetos = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n',
  ];
  let corpo = `%PDF-1.4\n%${comentario}\n`;
  const posicoes: number[] = [];
  for (const o of objetos) {
    posicoes.push(corpo.length);
    corpo += o;
  }
  const xref = corpo.length;
  corpo +=
    `xref\n0 3\n0000000000 65535 f \n${posicoes.map((p) => `${String(p).padStart(10, '0')} 00000 n \n`).join('')}` +
    `trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

/** A valid request body for POST /api/Reembolso/Solicitar (Ana Clara's consultation), `over` on top. */
export function pedidoDeReembolso(anexos: string[], over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    cpfBeneficiario: CPF.anaClara,
    tipo: 'consulta',
    dataAtendimento: '2026-03-02',
    prestador: {
      documento: '111.444.777-35',
      nome: 'Dra. Helena Prado',
      conselho: 'CRM',
      numeroConselho: '123456',
      ufConselho: 'SP',
    },
    valorPago: 350,
    numeroRecibo: 'RS-2026-000123',
    anexos,
    pagamento: { forma: 'pix', tipoChave: 'cpf', chave: '529.982.247-25' },
    ...over,
  };
}
