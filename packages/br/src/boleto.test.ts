import { describe, expect, it } from 'vitest';
import {
  campoLivreItau,
  codigoBarrasDaLinha,
  itauAgenciaConta,
  itauNossoNumero,
  dataDoFator,
  fatorVencimento,
  formatarLinhaDigitavel,
  linhaDigitavel,
  modulo10,
  modulo11Boleto,
  montarCodigoBarras,
  validarCodigoBarras,
  validarLinhaDigitavel,
} from './boleto';

// Published boletos, each with its barcode, typeable line, due date and amount as the source's
// tests assert them. Sources:
// - pyboleto (github.com/eduardocereto/pyboleto): tests/test_banco_itau.py,
//   tests/test_banco_do_brasil.py, tests/test_banco_bradesco.py.
// - boleto-brasileiro-validator (github.com/mcrvaz/boleto-brasileiro-validator): test/conversor.js.
// - boleto-utils (github.com/mrmgomes/boleto-utils): test/test.js, the Caixa boleto.
const BOLETOS = [
  {
    fonte: 'pyboleto, Itaú carteira 109',
    codigoBarras: '34199439500000029801090000015710293013280000',
    linha: '34191.09008 00015.710296 30132.800001 9 43950000002980',
    vencimento: '2009-10-19',
    valorCentavos: 2980,
  },
  {
    fonte: 'pyboleto, Banco do Brasil convênio 7 dígitos',
    codigoBarras: '00196490000002952950000007777777000008765418',
    linha: '00190.00009 07777.777009 00087.654182 6 49000000295295',
    vencimento: '2011-03-08',
    valorCentavos: 295295,
  },
  {
    fonte: 'pyboleto, Bradesco carteira 06',
    codigoBarras: '23794486900008280000278060000212552500392320',
    linha: '23790.27804 60000.212559 25003.923205 4 48690000828000',
    vencimento: '2011-02-05',
    valorCentavos: 828000,
  },
  {
    fonte: 'boleto-brasileiro-validator, Bradesco',
    codigoBarras: '23799755200003700003381260007827139500006330',
    linha: '23793.38128 60007.827136 95000.063305 9 75520000370000',
    // The source asserts no date; this is the date its factor 7552 stands for.
    vencimento: '2018-06-11',
    valorCentavos: 370000,
  },
  {
    fonte: 'boleto-utils (mrmgomes), Caixa',
    codigoBarras: '10499898100000214032006561000100040099726390',
    linha: '10492.00650 61000.100042 00997.263900 9 89810000021403',
    vencimento: '2022-05-10',
    valorCentavos: 21403,
  },
];

describe('modulo10 and modulo11Boleto', () => {
  it('give the field DVs of a published line (pyboleto, Itaú)', () => {
    expect(modulo10('341910900')).toBe(8);
    expect(modulo10('0001571029')).toBe(6);
    expect(modulo10('3013280000')).toBe(1);
  });
  it('give the general DV of a published barcode (pyboleto, Itaú)', () => {
    expect(modulo11Boleto('3419439500000029801090000015710293013280000')).toBe(9);
  });
  it('turn a result of 0, 10 or 11 into 1', () => {
    // Remainder 0 → 11, remainder 1 → 10, remainder 10 → 1: all three print as 1.
    expect(modulo11Boleto('0')).toBe(1);
    expect(modulo11Boleto('5')).toBe(1); // 5·2 = 10, remainder 10
    expect(modulo11Boleto('6')).toBe(1); // 6·2 = 12, remainder 1
    expect(modulo11Boleto('1')).toBe(9); // 1·2 = 2, 11 − 2
  });
  it('reject anything but digits', () => {
    expect(() => modulo10('12a')).toThrow();
    expect(() => modulo11Boleto('')).toThrow();
  });
});

describe('fatorVencimento', () => {
  it('counts days from 1997-10-07 up to the reset', () => {
    expect(fatorVencimento('1997-10-07')).toBe(0);
    // FEBRABAN's table as reproduced at mhemann.com.br/2011/06/a-linha-digitavel-do-boleto-bancario/
    expect(fatorVencimento('2000-07-03')).toBe(1000);
    expect(fatorVencimento('2000-07-05')).toBe(1002);
    expect(fatorVencimento('2002-05-01')).toBe(1667);
    expect(fatorVencimento('2010-11-17')).toBe(4789);
    expect(fatorVencimento('2025-02-21')).toBe(9999);
  });
  it('restarts at 1000 on 2025-02-22', () => {
    // FEBRABAN reset, as in the tests of github.com/fernandosavio/boleto-utils (lib_test.rs).
    expect(fatorVencimento('2025-02-22')).toBe(1000);
    expect(fatorVencimento('2025-02-23')).toBe(1001);
    expect(fatorVencimento('2025-02-24')).toBe(1002);
    expect(fatorVencimento('2026-12-21')).toBe(1667);
  });
  it('reaches 9999 again on 2049-10-13 and wraps the day after', () => {
    // 9000 days per cycle. The press gave 2049-10-13 as the next reset the same way it gave
    // 2025-02-21 for the first: the day 9999 is reached (carmonatec.com.br, "TI em Alerta").
    expect(fatorVencimento('2049-10-13')).toBe(9999);
    expect(fatorVencimento('2049-10-14')).toBe(1000);
  });
  it('gives the factor printed on each published boleto', () => {
    for (const b of BOLETOS) expect(fatorVencimento(b.vencimento), b.fonte).toBe(Number(b.codigoBarras.slice(5, 9)));
  });
  it('rejects impossible or badly written dates and dates before the base', () => {
    expect(() => fatorVencimento('2025-02-30')).toThrow(/Data inválida/);
    expect(() => fatorVencimento('22/02/2025')).toThrow(/Data inválida/);
    expect(() => fatorVencimento('1997-10-06')).toThrow(RangeError);
  });
});

describe('dataDoFator', () => {
  it('reads the reset factors as 2025 dates from a reference after the reset', () => {
    expect(dataDoFator(1000, '2025-03-01')).toBe('2025-02-22');
    expect(dataDoFator(1002, '2025-03-01')).toBe('2025-02-24');
    expect(dataDoFator(1667, '2026-06-01')).toBe('2026-12-21');
    expect(dataDoFator(9999, '2025-03-01')).toBe('2025-02-21');
  });
  it('reads the same factor as a historic date from a reference back then', () => {
    expect(dataDoFator(1000, '2000-06-01')).toBe('2000-07-03');
    expect(dataDoFator(4789, '2010-11-01')).toBe('2010-11-17');
    expect(dataDoFator(9999, '2049-10-01')).toBe('2049-10-13');
  });
  it('gives back the due date of real barcodes (fernandosavio/boleto-utils lib_test.rs)', () => {
    const reais: Array<[string, string]> = [
      ['75696903800002500001434301033723400014933001', '2022-07-06'],
      ['00191667900002434790000002656973019362470618', '2016-01-20'],
      ['00195586200000773520000002464206011816073018', '2013-10-25'],
      ['75592896700003787000003389850761252543475984', '2022-04-26'],
      ['23791672000003249052028269705944177105205220', '2016-03-01'],
    ];
    for (const [codigo, data] of reais) {
      expect(dataDoFator(Number(codigo.slice(5, 9)), data), codigo).toBe(data);
      expect(validarCodigoBarras(codigo), codigo).toBe(true);
    }
  });
  it('is the inverse of fatorVencimento around the reset, whatever the day', () => {
    for (let d = Date.UTC(2024, 11, 1); d <= Date.UTC(2025, 3, 1); d += 86_400_000) {
      const data = new Date(d).toISOString().slice(0, 10);
      expect(dataDoFator(fatorVencimento(data), data)).toBe(data);
    }
  });
  it('rejects factors outside 1000..9999 (0000 means no due date)', () => {
    expect(() => dataDoFator(0, '2025-03-01')).toThrow(RangeError);
    expect(() => dataDoFator(10000, '2025-03-01')).toThrow(RangeError);
    expect(() => dataDoFator(1000.5, '2025-03-01')).toThrow(RangeError);
  });
});

describe('montarCodigoBarras', () => {
  it('rebuilds each published barcode from its parts', () => {
    for (const b of BOLETOS) {
      const codigo = montarCodigoBarras({
        banco: b.codigoBarras.slice(0, 3),
        moeda: b.codigoBarras.slice(3, 4),
        vencimento: b.vencimento,
        valorCentavos: b.valorCentavos,
        campoLivre: b.codigoBarras.slice(19),
      });
      expect(codigo, b.fonte).toBe(b.codigoBarras);
    }
  });
  it('rebuilds the openboleto Itaú example (tests/OpenBoleto/Banco/ItauTest.php)', () => {
    // Due 2013-01-01, R$ 10,50; the test asserts only the typeable line.
    const linha = '34191.12127 34567.881726 41234.580003 1 55650000001050';
    const codigo = montarCodigoBarras({
      banco: '341',
      moeda: '9',
      vencimento: '2013-01-01',
      valorCentavos: 1050,
      campoLivre: codigoBarrasDaLinha(linha).slice(19),
    });
    expect(formatarLinhaDigitavel(linhaDigitavel(codigo))).toBe(linha);
  });
  it('puts a post-reset factor in the barcode', () => {
    const codigo = montarCodigoBarras({
      banco: '341',
      moeda: '9',
      vencimento: '2025-02-22',
      valorCentavos: 1050,
      campoLivre: '1121234567881724123458000',
    });
    expect(codigo.slice(5, 19)).toBe('10000000001050');
    expect(validarCodigoBarras(codigo)).toBe(true);
  });
  it('rejects malformed parts', () => {
    const ok = { banco: '341', moeda: '9', vencimento: '2025-03-10', valorCentavos: 100, campoLivre: '0'.repeat(25) };
    expect(() => montarCodigoBarras({ ...ok, banco: '34' })).toThrow(/banco/);
    expect(() => montarCodigoBarras({ ...ok, campoLivre: '0'.repeat(24) })).toThrow(/Campo livre/);
    expect(() => montarCodigoBarras({ ...ok, valorCentavos: 10.5 })).toThrow(RangeError);
    expect(() => montarCodigoBarras({ ...ok, valorCentavos: 10_000_000_000 })).toThrow(RangeError);
    expect(() => montarCodigoBarras({ ...ok, vencimento: '2025-13-01' })).toThrow(/Data inválida/);
  });
});

describe('linhaDigitavel, codigoBarrasDaLinha and formatarLinhaDigitavel', () => {
  it.each(BOLETOS)('convert both ways: $fonte', (b) => {
    expect(formatarLinhaDigitavel(linhaDigitavel(b.codigoBarras))).toBe(b.linha);
    expect(codigoBarrasDaLinha(b.linha)).toBe(b.codigoBarras);
    expect(linhaDigitavel(b.codigoBarras)).toBe(b.linha.replace(/[ .]/g, ''));
  });
  it('reject input of the wrong length or with letters', () => {
    expect(() => linhaDigitavel('3419943950000002980109000001571029301328000')).toThrow(/44/);
    expect(() => codigoBarrasDaLinha('34191.09008 00015.710296 30132.800001 9 4395000000298')).toThrow(/47/);
    expect(() => formatarLinhaDigitavel('34191.09008 00015.710296 30132.80000x 9 43950000002980')).toThrow(/47/);
  });
});

describe('validarLinhaDigitavel and validarCodigoBarras', () => {
  it.each(BOLETOS)('accept the published boleto: $fonte', (b) => {
    expect(validarCodigoBarras(b.codigoBarras)).toBe(true);
    expect(validarLinhaDigitavel(b.linha)).toBe(true);
    expect(validarLinhaDigitavel(b.linha.replace(/[ .]/g, ''))).toBe(true);
  });
  it('reject the invalid examples of boleto-brasileiro-validator (test/boleto-bancario.js)', () => {
    expect(validarCodigoBarras('00193373700000001000500940144816060680935031')).toBe(true);
    expect(validarCodigoBarras('00153373700000001000500940144816060680935031')).toBe(false);
    expect(validarCodigoBarras('0015337300000001000500940144816060680935031')).toBe(false);
    expect(validarLinhaDigitavel('23793.38128 60007.827136 95000.063305 4 75520000370000')).toBe(false);
    expect(validarLinhaDigitavel('23793.38128 6007.827136 95000.063305 4 75520000370000')).toBe(false);
  });
  it('reject any single changed digit anywhere in the line', () => {
    // Holds for these lines because none has a general DV of 1 (see the next test).
    for (const b of BOLETOS) {
      const linha = b.linha.replace(/[ .]/g, '');
      for (let i = 0; i < linha.length; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === linha[i]) continue;
          const trocada = linha.slice(0, i) + d + linha.slice(i + 1);
          expect(validarLinhaDigitavel(trocada), `${b.fonte}, posição ${i + 1} → ${d}`).toBe(false);
        }
      }
    }
  });
  it('cannot catch every change in the amount when the general DV is 1', () => {
    // A DV of 1 stands for three remainders (0, 1 and 10), so the mod 11 cannot tell them apart.
    // openboleto's Itaú line (DV 1) with R$ 10,50 typed as R$ 10,54 still checks out; only the
    // mod-10 fields are safe from this.
    expect(validarLinhaDigitavel('34191.12127 34567.881726 41234.580003 1 55650000001050')).toBe(true);
    expect(validarLinhaDigitavel('34191.12127 34567.881726 41234.580003 1 55650000001054')).toBe(true);
    expect(validarLinhaDigitavel('34191.12127 34567.881726 41234.580003 1 55650000001051')).toBe(false);
  });
  it('reject letters, other lengths and the 48-digit arrecadação lines', () => {
    expect(validarLinhaDigitavel('')).toBe(false);
    expect(validarLinhaDigitavel('34191.09008 00015.710296 30132.800001 9 4395000000298x')).toBe(false);
    expect(validarLinhaDigitavel('846300000003299902962024004101360008002006441147')).toBe(false);
    expect(validarCodigoBarras('3419943950000002980109000001571029301328000a')).toBe(false);
  });
});

describe('campoLivreItau', () => {
  it('rebuilds the free field of the published Itaú boletos (pyboleto carteira 109, openboleto)', () => {
    expect(campoLivreItau({ carteira: '109', nossoNumero: '157', agencia: '0293', conta: '01328' })).toBe(
      BOLETOS[0]!.codigoBarras.slice(19),
    );
    const openboleto = codigoBarrasDaLinha('34191.12127 34567.881726 41234.580003 1 55650000001050').slice(19);
    expect(campoLivreItau({ carteira: '112', nossoNumero: '12345678', agencia: '1724', conta: '12345' })).toBe(
      openboleto,
    );
  });
  it('leaves agency and account out of the nosso número DAC for the wallets the manual lists', () => {
    const c = campoLivreItau({ carteira: '126', nossoNumero: '12345678', agencia: '1724', conta: '12345' });
    expect(c.slice(11, 12)).toBe(String(modulo10('12612345678')));
  });
  it('prints nosso número and agency/account as Itaú does', () => {
    const c = BOLETOS[0]!.codigoBarras.slice(19);
    expect(itauNossoNumero(c)).toBe('109/00000157-1');
    expect(itauAgenciaConta(c)).toBe('0293/01328-0');
  });
  it('rejects malformed parts', () => {
    const ok = { carteira: '109', nossoNumero: '1', agencia: '0293', conta: '01328' };
    expect(() => campoLivreItau({ ...ok, carteira: '10' })).toThrow(/Carteira/);
    expect(() => campoLivreItau({ ...ok, nossoNumero: '123456789' })).toThrow(/Nosso número/);
    expect(() => campoLivreItau({ ...ok, agencia: '29' })).toThrow(/Agência/);
    expect(() => campoLivreItau({ ...ok, conta: '1328' })).toThrow(/Conta/);
  });
});
