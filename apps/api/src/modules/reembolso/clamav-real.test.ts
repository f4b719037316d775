import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type TestApp } from '../../../test/helper';
import { enviarAnexo, pdfCru } from '../../../test/reembolso';

/**
 * A real clamd (Debian's clamav-daemon) scanning the reimbursement uploads: `scripts/clamav-teste.sh`
 * starts one with a local signature for the EICAR test string and sets TEST_CLAMAV_SOCKET (CI lane 2).
 * reembolso.test.ts covers the same paths against a stand-in clamd, so this file only runs with one.
 */
const socket = process.env.TEST_CLAMAV_SOCKET;
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

describe.skipIf(!socket)('reimbursement attachments scanned by a real clamd (CLAMAV_SOCKET)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ env: { CLAMAV_SOCKET: socket! } });
  });
  afterAll(() => t.close());

  it('a PDF carrying the EICAR test string is refused with its name and not stored; a clean one is kept', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const limpo = await enviarAnexo(c, perfil, pdfCru('recibo de consulta'));
    expect(limpo.status).toBe(200);

    const infectado = await enviarAnexo(c, perfil, pdfCru(EICAR));
    expect(infectado.status).toBe(422);
    expect(infectado.body).toMatchObject({ code: 'ARQUIVO_INFECTADO' });
    expect(String(infectado.body.message)).toMatch(
      /^O arquivo foi recusado: o antivírus encontrou Portal\.Teste\.EICAR/,
    );
    const guardados = await t.db.query('select 1 from reembolso_anexos where cpf = $1', [CPF.maria]);
    expect(guardados).toHaveLength(1);
  });
});
