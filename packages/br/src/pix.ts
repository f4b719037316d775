import { isValidCpf } from './cpf';

// Static Pix BR Code ("Pix copia e cola"): EMV merchant-presented QR payload as the Banco
// Central's "Manual de Padrões para Iniciação do Pix" fills it. Each field is ID (2 digits),
// length (2 digits) and value; the last one, 63, is a CRC of everything before it.

const GUI_PIX = 'br.gov.bcb.pix';

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes,
 * as 4 uppercase hex digits: the checksum field 63 carries.
 */
export function crc16ccitt(str: string): string {
  let crc = 0xffff;
  for (const byte of utf8(str)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface DadosPix {
  /** Pix key as the DICT stores it: CPF or CNPJ digits, +55… phone, e-mail or random key (UUID). */
  chave: string;
  /** Up to 25 characters once accents are removed. */
  nomeRecebedor: string;
  /** Up to 15 characters once accents are removed. */
  cidade: string;
  /** Omitted: the payer types the amount. */
  valorCentavos?: number;
  /** Up to 25 letters and digits; omitted: '***' (the manual's "no identifier"). */
  txid?: string;
  /** Free text shown to the payer (field 26-02). */
  descricao?: string;
}

/** The "Pix copia e cola" string of a static QR code (the QR image encodes exactly this text). */
export function pixCopiaECola(dados: DadosPix): string {
  const chave = normalizarChave(dados.chave);
  const nome = textoEmv(dados.nomeRecebedor, 25, 'Nome do recebedor');
  const cidade = textoEmv(dados.cidade, 15, 'Cidade');
  const txid = dados.txid ?? '***';
  if (dados.txid !== undefined && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new Error('txid precisa de 1 a 25 letras ou dígitos, sem espaços nem símbolos');
  }
  const descricao = dados.descricao === undefined ? '' : textoEmv(dados.descricao, 99, 'Descrição');
  const conta = tlv('00', GUI_PIX) + tlv('01', chave) + (descricao ? tlv('02', descricao) : '');
  if (conta.length > 99) {
    throw new Error(`Chave e descrição não cabem no campo 26 (${conta.length} de 99 caracteres): encurte a descrição`);
  }
  const semCrc =
    tlv('00', '01') +
    tlv('26', conta) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (dados.valorCentavos === undefined ? '' : tlv('54', valorEmv(dados.valorCentavos))) +
    tlv('58', 'BR') +
    tlv('59', nome) +
    tlv('60', cidade) +
    tlv('62', tlv('05', txid)) +
    '6304';
  return semCrc + crc16ccitt(semCrc);
}

export interface PixLido {
  /** Top-level fields by ID ('00', '26', '52', …, '63'). */
  campos: Record<string, string>;
  /** Sub-fields of 26 (merchant account: 00 GUI, 01 key, 02 description, 25 URL of a dynamic QR). */
  conta: Record<string, string>;
  /** Sub-fields of 62 (05 txid). */
  adicionais: Record<string, string>;
  /** Field 63 is the last one and matches the CRC of everything before its value. */
  crcValido: boolean;
}

/**
 * Reads a BR Code into its fields and checks the CRC. A broken structure (a length running past
 * the end, a non-numeric ID) throws; a wrong CRC is reported in `crcValido` so a screen can say
 * which of the two went wrong.
 */
export function lerPix(payload: string): PixLido {
  const campos = lerTlv(payload, 'payload');
  const conta = campos['26'] === undefined ? {} : lerTlv(campos['26'], 'campo 26');
  const adicionais = campos['62'] === undefined ? {} : lerTlv(campos['62'], 'campo 62');
  const crc = campos['63'];
  const crcValido =
    crc !== undefined && payload.endsWith(`6304${crc}`) && crc16ccitt(payload.slice(0, -4)) === crc.toUpperCase();
  return { campos, conta, adicionais, crcValido };
}

function lerTlv(texto: string, onde: string): Record<string, string> {
  const campos: Record<string, string> = {};
  let i = 0;
  while (i < texto.length) {
    const cabecalho = texto.slice(i, i + 4);
    if (!/^\d{4}$/.test(cabecalho)) throw new Error(`BR Code malformado: ${onde} sem ID e tamanho na posição ${i}`);
    const tamanho = Number(cabecalho.slice(2));
    if (i + 4 + tamanho > texto.length) {
      throw new Error(`BR Code malformado: campo ${cabecalho.slice(0, 2)} de ${onde} passa do fim`);
    }
    campos[cabecalho.slice(0, 2)] = texto.slice(i + 4, i + 4 + tamanho);
    i += 4 + tamanho;
  }
  return campos;
}

function tlv(id: string, valor: string): string {
  if (valor.length > 99) throw new Error(`Campo ${id} do BR Code passa de 99 caracteres`);
  return `${id}${String(valor.length).padStart(2, '0')}${valor}`;
}

// Amount as the manual writes it: a dot and two decimals, no thousands separator ("1234.50").
// Built from integer centavos so no float rounding can turn 0.29 into 0.28.
function valorEmv(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos <= 0) {
    throw new RangeError('valorCentavos precisa ser um número inteiro positivo de centavos');
  }
  const valor = `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
  if (valor.length > 13) throw new RangeError('Valor passa dos 13 caracteres que o campo 54 aceita');
  return valor;
}

// Names and cities go without accents (SÃO PAULO → SAO PAULO): not every payer's app reads
// anything past ASCII, and with ASCII the field length in characters is also its length in bytes.
function textoEmv(texto: string, maximo: number, nome: string): string {
  const semAcento = texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim();
  if (!semAcento) throw new Error(`${nome}: campo obrigatório`);
  if (!/^[\x20-\x7e]+$/.test(semAcento)) throw new Error(`${nome} tem caracteres que o BR Code não aceita`);
  if (semAcento.length > maximo) {
    throw new Error(`${nome} passa de ${maximo} caracteres (${semAcento.length}): abrevie`);
  }
  return semAcento;
}

const EMAIL = /^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key in the form the DICT stores it, or an Error saying what was expected. Masks are removed
 * from CPF/CNPJ (529.982.247-25 → 52998224725) and e-mails and random keys go lower case, because
 * a key written any other way is not found when the payer's bank looks it up.
 */
function normalizarChave(valor: string): string {
  const chave = valor.trim();
  if (chave.includes('@')) {
    const email = chave.toLowerCase();
    if (email.length <= 77 && EMAIL.test(email)) return email;
    throw new Error('Chave Pix de e-mail inválida');
  }
  if (EVP.test(chave.toLowerCase())) return chave.toLowerCase();
  if (chave.startsWith('+')) {
    const telefone = `+${chave.slice(1).replace(/[\s()-]/g, '')}`;
    if (/^\+[1-9]\d{1,14}$/.test(telefone)) return telefone;
    throw new Error('Chave Pix de telefone inválida: use +55, DDD e número (+5561912345678)');
  }
  if (/^[\d.\-/\s]+$/.test(chave)) {
    const digitos = chave.replace(/\D/g, '');
    if (digitos.length === 11 && isValidCpf(digitos)) return digitos;
    // CNPJ check digits are left to the DICT: the alphanumeric CNPJ (from July 2026) will need
    // this rule widened anyway.
    if (digitos.length === 14) return digitos;
  }
  throw new Error('Chave Pix inválida: use CPF, CNPJ, telefone com +55, e-mail ou chave aleatória');
}

function utf8(str: string): number[] {
  const bytes: number[] = [];
  for (const ch of str) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return bytes;
}
