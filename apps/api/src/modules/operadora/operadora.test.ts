import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operadoraSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/helper';
import { ConfigError, loadConfig } from '../../config';
import { envName, loadOperadora, OVERRIDABLE } from './config';
import { paginaComOperadora } from '@portal/operadora';

const demoDir = loadConfig({}).operadoraDir;

describe('loadOperadora', () => {
  it('reads the demo operator, valid against the contract', () => {
    const o = loadOperadora(demoDir, {});
    expect(operadoraSchema.parse(o)).toEqual(o);
    expect(o.nome).toBe('Saúde Exemplo');
    expect(o.banners.desktop).toHaveLength(4);
    expect(o.banners.mobile).toHaveLength(3);
  });

  it('every scalar field has an OPERADORA_* override named after its path', () => {
    expect(envName(['links', 'teleMedicina'])).toBe('OPERADORA_LINKS_TELE_MEDICINA');
    expect(OVERRIDABLE.map(envName)).toEqual(
      expect.arrayContaining(['OPERADORA_NOME', 'OPERADORA_COR_PRIMARIA', 'OPERADORA_PIX_CHAVE']),
    );
    const o = loadOperadora(demoDir, {
      OPERADORA_NOME: 'Vida Plena Saúde',
      OPERADORA_LINKS_WHATSAPP: 'https://wa.me/5521999990000',
      OPERADORA_PIX_CHAVE: '29309127000179',
      OPERADORA_PIX_NOME_RECEBEDOR: 'VIDA PLENA',
      OPERADORA_PIX_CIDADE: 'RIO DE JANEIRO',
    });
    expect(o.nome).toBe('Vida Plena Saúde');
    expect(o.links.whatsapp).toBe('https://wa.me/5521999990000');
    expect(o.pix).toEqual({ chave: '29309127000179', nomeRecebedor: 'VIDA PLENA', cidade: 'RIO DE JANEIRO' });
  });

  it('a bad value stops the start naming the variable, or the file and field', () => {
    expect(() => loadOperadora(demoDir, { OPERADORA_COR_PRIMARIA: 'azul' })).toThrow(
      /OPERADORA_COR_PRIMARIA: deve ser uma cor #rrggbb/,
    );
    expect(() => loadOperadora(demoDir, { OPERADORA_LINKS_FAQ: 'javascript:alert(1)' })).toThrow(/OPERADORA_LINKS_FAQ/);
    // A colour that does not read on white (WCAG AA) is refused too.
    expect(() => loadOperadora(demoDir, { OPERADORA_COR_PRIMARIA: '#7fb3d5' })).toThrow(/contraste com branco/);
    const dir = mkdtempSync(join(tmpdir(), 'operadora-'));
    const json = JSON.parse(readFileSync(join(demoDir, 'operadora.json'), 'utf8'));
    json.registroAns = '12';
    writeFileSync(join(dir, 'operadora.json'), JSON.stringify(json));
    expect(() => loadOperadora(dir, {})).toThrow(ConfigError);
    expect(() => loadOperadora(dir, {})).toThrow(/operadora\.json → registroAns: deve ter 6 dígitos/);
    expect(() => loadOperadora('/nao/existe', {})).toThrow(/OPERADORA_DIR/);
  });
});

describe('overdue installments (atraso, decision 0021)', () => {
  it('without the field: updated boleto with a 2 % fine and 1 % a month', () => {
    expect(loadOperadora(demoDir, {}).atraso).toEqual({
      modo: 'boletoAtualizado',
      multaPercentual: 2,
      jurosMensalPercentual: 1,
      instrucao: null,
    });
  });

  it('the environment may lower the rates or switch to an instruction, never pass the legal caps', () => {
    const texto = 'Boleto vencido: ligue para a Central de Atendimento e peça a 2ª via atualizada.';
    const o = loadOperadora(demoDir, {
      OPERADORA_ATRASO_MODO: 'instrucao',
      OPERADORA_ATRASO_MULTA_PERCENTUAL: '1.5',
      OPERADORA_ATRASO_INSTRUCAO: texto,
    });
    expect(o.atraso).toEqual({ modo: 'instrucao', multaPercentual: 1.5, jurosMensalPercentual: 1, instrucao: texto });
    expect(() => loadOperadora(demoDir, { OPERADORA_ATRASO_MULTA_PERCENTUAL: '10' })).toThrow(
      /OPERADORA_ATRASO_MULTA_PERCENTUAL: passa do limite legal de 2%/,
    );
    expect(() => loadOperadora(demoDir, { OPERADORA_ATRASO_JUROS_MENSAL_PERCENTUAL: '1.5' })).toThrow(
      /OPERADORA_ATRASO_JUROS_MENSAL_PERCENTUAL: passa do limite legal de 1%/,
    );
    expect(() => loadOperadora(demoDir, { OPERADORA_ATRASO_MODO: 'instrucao' })).toThrow(
      /atraso\.instrucao: o modo 'instrucao' precisa do texto/,
    );
  });
});

describe('the page and the API carry the operator', () => {
  it('index.html gets the name, the colour and an inert JSON block that cannot close its script', () => {
    const o = { ...loadOperadora(demoDir, {}), nome: 'A </script><b>' };
    const html = paginaComOperadora(
      '<title>__OPERADORA_NOME__ — Portal</title><meta content="__OPERADORA_COR__"><!--__OPERADORA_HEAD__-->',
      o,
    );
    expect(html).toContain('<title>A &lt;/script&gt;&lt;b&gt; — Portal</title>');
    expect(html).toContain('content="#0b5c7a"');
    const json = /<script type="application\/json" id="operadora">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toContain('</script');
    expect(JSON.parse(json).nome).toBe('A </script><b>');
    // The demo colour keeps the stylesheet's own scale; another colour injects a nonce'd style.
    expect(html).not.toContain('<style');
    const outra = paginaComOperadora('<!--__OPERADORA_HEAD__-->', { ...o, corPrimaria: '#7a1f5c' });
    expect(outra).toMatch(/^<style nonce="__CSP_NONCE__">:root\{--color-brand-50:/);
    // The prerendered /login (decision 0040) shows the logo: its URL, escaped for an attribute.
    const logo = paginaComOperadora('<img src="__OPERADORA_LOGO__">', {
      ...o,
      logo: 'https://cdn.example/a.svg?x=1&y="2"',
    });
    expect(logo).toBe('<img src="https://cdn.example/a.svg?x=1&amp;y=&quot;2&quot;">');
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ env: { OPERADORA_NOME: 'Operadora de Teste' } });
  });
  afterAll(() => t.close());

  it('GET /api/Operadora/Configuracao answers without a token, cacheable', async () => {
    const r = await t.client().get<{ nome: string }>('/api/Operadora/Configuracao', { auth: false });
    expect(r.status).toBe(200);
    expect(r.body.nome).toBe('Operadora de Teste');
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
  });
});
