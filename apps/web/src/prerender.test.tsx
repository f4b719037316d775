import { expect, it } from 'vitest';
import { operadora } from './lib/operadora';
import { prerenderLogin } from './prerender';

it("renders /login's CPF step with the operator's placeholders, 'Continuar' waiting for the script", () => {
  const html = prerenderLogin();
  expect(html).toContain('>Acesse sua conta</h1>');
  expect(html).toContain('Digite seu CPF para entrar no Portal do Beneficiário.');
  expect(html).toMatch(
    /<input[^>]* inputMode="numeric" autoComplete="username" placeholder="000.000.000-00" name="cpf" value=""\/>/,
  );
  expect(html).toMatch(/<button type="submit"[^>]* disabled="">Continuar<\/button>/);
  expect(html).toContain('<img src="__OPERADORA_LOGO__" alt="__OPERADORA_NOME__ — Portal do Beneficiário"');
  expect(html).toContain('__OPERADORA_NOME__<!-- --> · Portal do Beneficiário</footer>');
  // No inline style or script (the strict CSP).
  expect(html).not.toMatch(/<script|style=/);
});

it('a field of the operator without a placeholder fails the prerender instead of going out empty', () => {
  prerenderLogin();
  expect(() => operadora().registroAns).toThrow(/operadora\(\)\.registroAns não tem marcador/);
});
