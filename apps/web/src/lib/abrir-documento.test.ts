import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abrirDocumento, REVOGAR_APOS_MS, salvarArquivo } from './abrir-documento';

function janela(largura: number, abre: boolean) {
  return {
    matchMedia: (q: string) => ({ matches: q === '(max-width: 767px)' && largura < 768 }),
    open: vi.fn(() => (abre ? {} : null)),
  };
}
const urls = { createObjectURL: vi.fn(() => 'blob:teste/1'), revokeObjectURL: vi.fn() };
const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

beforeEach(() => {
  vi.useFakeTimers();
  urls.createObjectURL.mockClear();
  urls.revokeObjectURL.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('abrirDocumento', () => {
  it('opens a new tab on a wide screen', () => {
    const w = janela(1280, true);
    const baixar = vi.fn();
    expect(abrirDocumento(blob, 'boleto-2026-03.pdf', w, urls, baixar)).toEqual({ tipo: 'aberto' });
    expect(w.open).toHaveBeenCalledWith('blob:teste/1', '_blank');
    expect(baixar).not.toHaveBeenCalled();
  });

  it('reports a blocked popup with the URL for a fallback link', () => {
    expect(abrirDocumento(blob, 'x.pdf', janela(1280, false), urls, vi.fn())).toEqual({
      tipo: 'bloqueado',
      url: 'blob:teste/1',
    });
  });

  it('downloads under its name on a phone', () => {
    const w = janela(375, true);
    const baixar = vi.fn();
    expect(abrirDocumento(blob, 'informe-irpf-2025.pdf', w, urls, baixar)).toEqual({ tipo: 'baixado' });
    expect(baixar).toHaveBeenCalledWith('blob:teste/1', 'informe-irpf-2025.pdf');
    expect(w.open).not.toHaveBeenCalled();
  });

  it('offers the link on a phone when the click no longer counts (a slow answer)', () => {
    const w = { ...janela(375, true), navigator: { userActivation: { isActive: false } } };
    const baixar = vi.fn();
    expect(abrirDocumento(blob, 'x.pdf', w, urls, baixar)).toEqual({ tipo: 'bloqueado', url: 'blob:teste/1' });
    expect(baixar).not.toHaveBeenCalled();
  });

  it('frees the object URL later, not at once (the new tab is still loading it)', () => {
    abrirDocumento(blob, 'x.pdf', janela(1280, true), urls, vi.fn());
    vi.advanceTimersByTime(REVOGAR_APOS_MS - 1);
    expect(urls.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:teste/1');
  });
});

describe('salvarArquivo', () => {
  it('downloads under its name on a wide screen too, and frees the object URL later', () => {
    const baixar = vi.fn();
    salvarArquivo(blob, 'carteirinha-1100234001.pdf', urls, baixar);
    expect(urls.createObjectURL).toHaveBeenCalledWith(blob);
    expect(baixar).toHaveBeenCalledWith('blob:teste/1', 'carteirinha-1100234001.pdf');
    expect(urls.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOGAR_APOS_MS);
    expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:teste/1');
  });
});
