import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import type { PessoaEncontrada } from '@portal/contract';
import { destinoDaBusca, ehAtalhoDaBusca } from '../components/busca-global';
import { AVISO_NOME_COMUM, PessoasEncontradas } from './busca-page';

const MARIA: PessoaEncontrada = {
  nome: 'Maria Aparecida Souza',
  nomeSocial: null,
  cpf: '***.982.247-**',
  encontradoPor: 'cpf',
  vinculos: [
    {
      codigoBeneficiario: '1100234001',
      codigoContrato: '100234',
      plano: 'Plano Exemplo',
      parentesco: 'Titular',
      situacao: 'Ativo',
    },
  ],
  protocolos: [
    {
      protocolo: '41729720260310000001',
      tipo: 'CORRECAO_DADOS',
      assunto: 'Correção do e-mail',
      situacao: 'ABERTO',
      criadoEm: '2026-03-10T12:00:00.000Z',
      codigoContrato: '100234',
    },
  ],
  maisProtocolos: false,
  reembolsos: [
    {
      protocolo: '41729720260311000002',
      tipo: 'consulta',
      beneficiario: 'Ana Clara Souza',
      dataAtendimento: '2026-03-02',
      prestador: 'Dra. Helena Prado',
      valorPago: 350,
      situacao: 'recebido',
      criadoEm: '2026-03-11T12:00:00.000Z',
      numeroRecibo: 'NF-2026/000777',
      codigoContrato: '100234',
    },
  ],
  maisReembolsos: false,
};

const html = (verReembolsos: boolean, { mais = false, nomeComum = false } = {}) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PessoasEncontradas pessoas={[MARIA]} mais={mais} nomeComum={nomeComum} verReembolsos={verReembolsos} />
    </MemoryRouter>,
  );

it('a person found links each protocol to its case page', () => {
  expect(html(true)).toContain('href="/atendimento/protocolos/41729720260310000001"');
});

it('a person found links each reimbursement to its page', () => {
  expect(html(true)).toContain('href="/atendimento/reembolsos/41729720260311000002"');
});

it('a role that may not see reimbursements gets no reimbursement section', () => {
  expect(html(false)).not.toContain('Reembolsos');
});

it('says how the person was found, with the masked CPF', () => {
  expect(html(true)).toContain('CPF ***.982.247-** · encontrado por: CPF');
});

it('a common name says so in the status region, with the people found shown', () => {
  const pagina = html(true, { mais: true, nomeComum: true });
  const status = /<div role="status"[^>]*>(.*?)<\/div>/.exec(pagina)?.[1] ?? '';
  expect(status).toContain(
    'Muitas pessoas com esse nome. Acrescente um sobrenome ou busque pelo CPF, carteirinha ou protocolo.',
  );
  expect(pagina).toContain('<h2 class="text-xl font-bold text-slate-900">Maria Aparecida Souza</h2>');
});

it('a common name replaces the advice to type more of the name', () => {
  expect(html(true, { mais: true, nomeComum: true })).not.toContain('digite mais do nome');
});

it('a name that is not common gets no warning', () => {
  expect(html(true, { mais: true })).not.toContain(AVISO_NOME_COMUM);
});

it('people with the same name get sections named apart, by the masked CPF', () => {
  const outra = { ...MARIA, cpf: '***.111.222-**' };
  const pagina = renderToStaticMarkup(
    <MemoryRouter>
      <PessoasEncontradas pessoas={[MARIA, outra]} mais={false} nomeComum={false} verReembolsos />
    </MemoryRouter>,
  );
  const nomes = [...pagina.matchAll(/<section aria-label="([^"]*)"/g)].map((m) => m[1]);
  expect(nomes).toEqual([
    'Protocolos de Maria Aparecida Souza, CPF ***.982.247-**',
    'Reembolsos de Maria Aparecida Souza, CPF ***.982.247-**',
    'Protocolos de Maria Aparecida Souza, CPF ***.111.222-**',
    'Reembolsos de Maria Aparecida Souza, CPF ***.111.222-**',
  ]);
});

it("'/' is the search shortcut outside fields", () => {
  expect(ehAtalhoDaBusca({ key: '/', altKey: false, ctrlKey: false, metaKey: false, target: null })).toBe(true);
});

it("'/' with a modifier is not the search shortcut", () => {
  expect(ehAtalhoDaBusca({ key: '/', altKey: false, ctrlKey: true, metaKey: false, target: null })).toBe(false);
});

it("'/' typed in a field is a slash, not the shortcut", () => {
  const campo = { tagName: 'INPUT' } as unknown as EventTarget;
  expect(ehAtalhoDaBusca({ key: '/', altKey: false, ctrlKey: false, metaKey: false, target: campo })).toBe(false);
});

it('a search goes to its page with the text, trimmed, in the address', () => {
  expect(destinoDaBusca(' 529.982.247-25 ')).toBe('/atendimento/busca?q=529.982.247-25');
});
