import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { avisoDoReenvio, type EstadoDoEnvio, falhaDoEnvio, paraReenviar, SEM_CONEXAO } from './reenvio';

const rede = new ApiError({ kind: 'network' });

describe('falhaDoEnvio', () => {
  it('a dropped connection while offline waits for the connection, to go again by itself', () => {
    expect(falhaDoEnvio(rede, false)).toEqual({
      estado: 'aguardando',
      erro: SEM_CONEXAO,
      podeTentarDeNovo: true,
      rede: true,
    });
  });

  it('a dropped connection while online is an error with a retry, also sent again when the browser is online', () => {
    expect(falhaDoEnvio(rede, true)).toMatchObject({ estado: 'erro', podeTentarDeNovo: true, rede: true });
  });

  it('a refusal (415) is said with the server message and never sent again, online or not', () => {
    const e = new ApiError({ kind: 'http', status: 415, serverMessage: 'Tipo de arquivo não aceito.' });
    expect(falhaDoEnvio(e, false)).toEqual({
      estado: 'erro',
      erro: 'Tipo de arquivo não aceito.',
      podeTentarDeNovo: false,
      rede: false,
    });
  });

  it('a server failure (503) may be retried by the member but is not a connection failure', () => {
    expect(falhaDoEnvio(new ApiError({ kind: 'http', status: 503 }), true)).toMatchObject({
      estado: 'erro',
      podeTentarDeNovo: true,
      rede: false,
    });
  });
});

describe('paraReenviar', () => {
  const item = (local: string, estado: EstadoDoEnvio, rede?: boolean) => ({ local, estado, rede });

  it('sends again together every file that failed for want of the connection', () => {
    const itens = [item('a', 'aguardando', true), item('b', 'erro', true), item('c', 'aguardando', true)];
    expect(paraReenviar(itens, new Set()).map((i) => i.local)).toEqual(['a', 'b', 'c']);
  });

  it('leaves out files sent, refused or failed by the server', () => {
    const itens = [item('a', 'enviado'), item('b', 'erro', false), item('c', 'erro')];
    expect(paraReenviar(itens, new Set())).toEqual([]);
  });

  it('a flapping connection: a file already on its way again is not sent a second time', () => {
    const itens = [item('a', 'aguardando', true), item('b', 'aguardando', true)];
    expect(paraReenviar(itens, new Set(['a'])).map((i) => i.local)).toEqual(['b']);
  });

  it('a file the member removed (no longer in the list) is not sent again', () => {
    const itens = [item('a', 'aguardando', true), item('b', 'aguardando', true)];
    const semB = itens.filter((i) => i.local !== 'b');
    expect(paraReenviar(semB, new Set()).map((i) => i.local)).toEqual(['a']);
  });
});

describe('avisoDoReenvio', () => {
  it('counts the files in words, one', () => {
    expect(avisoDoReenvio(1)).toBe('A conexão voltou. Enviando de novo 1 arquivo.');
  });

  it('counts the files in words, several', () => {
    expect(avisoDoReenvio(3)).toBe('A conexão voltou. Enviando de novo 3 arquivos.');
  });
});
