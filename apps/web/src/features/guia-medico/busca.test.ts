import { describe, expect, it } from 'vitest';
import { lerBusca, paraUrl } from './busca';

describe('the search in the URL', () => {
  it('no search key: the member has not searched', () => {
    expect(lerBusca(new URLSearchParams(''))).toBeNull();
    expect(lerBusca(new URLSearchParams('outra=1'))).toBeNull();
  });

  it('reads filters and page; bad values count as absent, a bad page as 1', () => {
    expect(lerBusca(new URLSearchParams('cidade=3550308&especialidade=1&busca=%20coracao%20&pagina=3'))).toEqual({
      cidade: 3550308,
      especialidade: 1,
      busca: 'coracao',
      pagina: 3,
    });
    expect(lerBusca(new URLSearchParams('cidade=abc&especialidade=-1&busca=&pagina=0'))).toEqual({ pagina: 1 });
    expect(lerBusca(new URLSearchParams('pagina=99999999'))).toEqual({ pagina: 1 });
  });

  it('writes only the filters that are set, and always the page; round trip', () => {
    expect(paraUrl({ pagina: 1 }).toString()).toBe('pagina=1');
    const f = { cidade: 3304557, busca: 'Clínica Coração', pagina: 2 };
    expect(paraUrl(f).toString()).toBe('cidade=3304557&busca=Cl%C3%ADnica+Cora%C3%A7%C3%A3o&pagina=2');
    expect(lerBusca(paraUrl(f))).toEqual(f);
  });
});
