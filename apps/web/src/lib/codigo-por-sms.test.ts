import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { pedirCodigoPorSms } from './codigo-por-sms';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const enviado = { sucesso: true, mensagem: 'Código enviado para (11) *****-4321.', destino: '(11) *****-4321' };
const aguarde = new ApiError({
  kind: 'http',
  status: 429,
  code: 'AGUARDE_REENVIO',
  serverMessage: 'Aguarde 2 minutos para reenviar o código.',
  aguardarSegundos: 95,
});
const sel = { selecao: 'A,B', enviadoPara: null };

beforeEach(() => vi.clearAllMocks());

describe('pedirCodigoPorSms', () => {
  it('records the acceptance, then sends the code and says where it went and when another may go', async () => {
    const ordem: string[] = [];
    const r = await pedirCodigoPorSms({
      ...sel,
      registrar: async () => void ordem.push('registrar'),
      enviar: async () => (ordem.push('enviar'), enviado),
    });
    expect(ordem).toEqual(['registrar', 'enviar']);
    expect(r).toEqual({ destino: '(11) *****-4321', segundos: 120 });
    expect(toast.success).toHaveBeenCalledWith('Código enviado!', { description: enviado.mensagem });
  });

  it('a refused acceptance sends nothing and adds no toast (the call shows its own)', async () => {
    const enviar = vi.fn(async () => enviado);
    const r = await pedirCodigoPorSms({ ...sel, registrar: () => Promise.reject(new Error('x')), enviar });
    expect(r).toBeNull();
    expect(enviar).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('429 AGUARDE_REENVIO for the same selection goes on to the code step: the code sent a moment ago holds', async () => {
    const r = await pedirCodigoPorSms({
      selecao: 'A,B',
      enviadoPara: 'A,B',
      registrar: async () => undefined,
      enviar: () => Promise.reject(aguarde),
    });
    expect(r).toEqual({ destino: null, segundos: 95 });
    expect(toast.info).toHaveBeenCalledWith('Código enviado!', {
      description: 'Aguarde 2 minutos para reenviar o código. Use o último código recebido.',
    });
  });

  it('429 AGUARDE_REENVIO after the selection changed stays, saying when a new code can go out', async () => {
    const r = await pedirCodigoPorSms({
      selecao: 'A',
      enviadoPara: 'A,B',
      registrar: async () => undefined,
      enviar: () => Promise.reject(aguarde),
    });
    expect(r).toBeNull();
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Aguarde para pedir um novo código', {
      description: 'A seleção mudou desde o último código enviado. Um novo código poderá ser enviado em 1:35.',
    });
  });

  it('any other failure of the send stays on the step with "Erro ao prosseguir"', async () => {
    const falha = new ApiError({ kind: 'http', status: 422, code: 'SEM_CELULAR', serverMessage: 'Sem celular.' });
    const r = await pedirCodigoPorSms({
      ...sel,
      registrar: async () => undefined,
      enviar: () => Promise.reject(falha),
    });
    expect(r).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Erro ao prosseguir', { description: 'Sem celular.' });
  });
});
