import { formatPhone, onlyDigits } from '@portal/br';
import type { Cidade, LocalAtendimento } from '@portal/contract';

/** docs/produto/guia-medico.md "Screens": a city is shown as 'name / UF'. */
export const rotuloCidade = (c: Pick<Cidade, 'nome' | 'estado'>) => `${c.nome} / ${c.estado}`;

/** 01310-100; anything that is not 8 digits as it came. */
export function formatarCep(cep: string): string {
  const d = onlyDigits(cep);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : cep;
}

/** (11) 3285-1200 for reading, tel:+551132851200 for calling. */
export function telefone(fone: string): { texto: string; href: string | null } {
  const d = onlyDigits(fone);
  if (d.length < 10) return { texto: fone, href: null };
  return { texto: formatPhone(d), href: `tel:+55${d}` };
}

/** 'Avenida Paulista, 1439 - 8º andar, Bela Vista, São Paulo / SP' */
export function endereco(l: Pick<LocalAtendimento, 'rua' | 'bairro' | 'cidade' | 'uf'>): string {
  return [l.rua, l.bairro, l.cidade && l.uf ? `${l.cidade} / ${l.uf}` : l.cidade].filter(Boolean).join(', ');
}

/** A site as a link: with its scheme, or https:// added; null when it is not a web address. */
export function linkDoSite(site: string | null | undefined): string | null {
  const s = (site ?? '').trim();
  if (!s) return null;
  const url = /^https?:\/\//i.test(s) ? s : `https://${s}`;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * The label of a provider's registration by its kind (docs/produto/guia-medico.md, "Screens"): a
 * doctor's 'CRM/SP 123456' is 'Registro (CRM)', a dentist's CRO, a clinic's or hospital's
 * 'CNES 2077485' its CNES.
 */
export function rotuloDoRegistro(nroRegistro: string): string {
  const conselho = /^\s*([A-Z]{2,5})\b/.exec(nroRegistro)?.[1];
  return `Registro (${conselho ?? 'CRM'})`;
}
