import { describe, expect, it } from 'vitest';
import { buildUsuario } from '@/lib/sessao';
import { carteirinhasDaResposta } from '../api/resposta';
import {
  comDadosDoLogin,
  dadosPessoais,
  detalhesDoContrato,
  estadoCivilPorExtenso,
  NAO_INFORMADO,
  sexoPorExtenso,
} from './campos';

const MARIA = {
  cns: '700504839172315',
  acomodacao: 'APARTAMENTO',
  produto: 'Saúde Exemplo Essencial Apartamento',
  tipoContrato: 'INDIVIDUAL/FAMILIAR',
  nomeMae: 'Josefa Aparecida da Silva',
  estadoCivil: 'c',
  sexo: 'f',
  rg: '284736159',
  orgaoExpeditor: 'ssp/sp',
  tituloEleitor: '214356780175',
  profissao: 'Professora',
  pisPasep: '12056412545',
  codigoContrato: '100234',
  numeroCarteirinha: '1100234001',
  dataContratacao: '2019-03-01',
  segmentacaoAssistencial: 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
  cpf: '52998224725',
  nome: 'Maria Aparecida Souza',
  dataNascimento: '1978-04-12',
  registroAns: '484521201',
  carencias: [],
  dataFinalCPT: null,
};

const mapa = (campos: { rotulo: string; valor: string }[]) =>
  Object.fromEntries(campos.map((c) => [c.rotulo, c.valor]));

describe('docs/produto/informacoes.md "Data" display rules', () => {
  it('sex and marital codes in words, either case; other values as they came', () => {
    expect([sexoPorExtenso('m'), sexoPorExtenso('F'), sexoPorExtenso(' f ')]).toEqual([
      'Masculino',
      'Feminino',
      'Feminino',
    ]);
    expect(sexoPorExtenso('Não binário')).toBe('Não binário');
    expect(['s', 'c', 'd', 'v', 'V'].map(estadoCivilPorExtenso)).toEqual([
      'Solteiro(a)',
      'Casado(a)',
      'Divorciado(a)',
      'Viúvo(a)',
      'Viúvo(a)',
    ]);
    expect(estadoCivilPorExtenso('União estável')).toBe('União estável');
  });

  it("Maria's 'Dados Pessoais': CPF masked, 9-digit RG formatted, CNS with its 15 digits, dates pt-BR", () => {
    expect(mapa(dadosPessoais(MARIA))).toEqual({
      Nome: 'Maria Aparecida Souza',
      CPF: '529.982.247-25',
      'Data de Nascimento': '12/04/1978',
      Sexo: 'Feminino',
      'Estado Civil': 'Casado(a)',
      'Nome da Mãe': 'Josefa Aparecida da Silva',
      RG: '28.473.615-9',
      'Órgão Expedidor': 'SSP/SP',
      'CNS (Cartão Nacional de Saúde)': '700 5048 3917 2315',
      'Título de Eleitor': '214356780175',
      'PIS/PASEP': '12056412545',
      Profissão: 'Professora',
    });
    expect(mapa(detalhesDoContrato(MARIA))).toEqual({
      'Nº da Carteirinha': '1100234001',
      'Nº do Contrato': '100234',
      Produto: 'Saúde Exemplo Essencial Apartamento',
      'Registro ANS do Produto': '484521201',
      'Tipo de Contrato': 'INDIVIDUAL/FAMILIAR',
      'Segmentação Assistencial': 'AMBULATORIAL + HOSPITALAR COM OBSTETRÍCIA',
      Acomodação: 'APARTAMENTO',
      'Data de Contratação': '01/03/2019',
    });
  });

  it("every empty value shows 'Não informado' (null, missing, blank); a CPF number is padded; an RG of other shape in upper case", () => {
    const carlos = {
      ...MARIA,
      rg: null,
      tituloEleitor: '',
      pisPasep: '   ',
      orgaoExpeditor: undefined,
      cpf: 1144477735,
    };
    const campos = mapa(dadosPessoais(carlos));
    expect(campos.RG).toBe(NAO_INFORMADO);
    expect(campos['Título de Eleitor']).toBe(NAO_INFORMADO);
    expect(campos['PIS/PASEP']).toBe(NAO_INFORMADO);
    expect(campos['Órgão Expedidor']).toBe(NAO_INFORMADO);
    expect(campos.CPF).toBe('011.444.777-35');
    expect(mapa(dadosPessoais({ rg: 'mg12345678' })).RG).toBe('MG12345678');
    expect(dadosPessoais({}).every((c) => c.valor === NAO_INFORMADO && !c.informado)).toBe(true);
    expect(detalhesDoContrato({}).every((c) => c.valor === NAO_INFORMADO)).toBe(true);
  });

  it('a value that is not a date is shown as it came, never hidden', () => {
    expect(mapa(dadosPessoais({ dataNascimento: '12/04/1978' }))['Data de Nascimento']).toBe('12/04/1978');
    expect(mapa(dadosPessoais({ dataNascimento: '1978-04-12T00:00:00Z' }))['Data de Nascimento']).toBe('12/04/1978');
  });
});

describe('where the card data comes from', () => {
  it('docs/produto/informacoes.md "Data": a list, or a list wrapped in dados; anything else is no card', () => {
    expect(carteirinhasDaResposta([MARIA])[0]).toBe(MARIA);
    expect(carteirinhasDaResposta({ dados: [MARIA, { nome: 'João' }] })[0]).toBe(MARIA);
    for (const nada of [null, undefined, '', {}, { dados: null }, [null, 'x', [1]], 42])
      expect(carteirinhasDaResposta(nada)).toEqual([]);
  });

  it('the card wins field by field; the login record fills what the card lacks, or all when it failed', () => {
    const usuario = buildUsuario(
      {
        nome: 'Maria Aparecida Souza',
        codigoBeneficiario: '1100234001',
        codigoContrato: '100234',
        dataNascimento: '1978-04-12',
        produtos: [{ nome: 'Plano do Login', dataInicioVigencia: '2019-03-01', coparticipativo: true }],
        beneficiariosAssociados: [{ codigoBeneficiario: '1100234001', nome: 'Maria', padraoConforto: 'APARTAMENTO' }],
      },
      '529.982.247-25',
    );
    const semCard = mapa([
      ...dadosPessoais(comDadosDoLogin(null, usuario)),
      ...detalhesDoContrato(comDadosDoLogin(null, usuario)),
    ]);
    expect(semCard).toMatchObject({
      Nome: 'Maria Aparecida Souza',
      CPF: '529.982.247-25',
      'Nº da Carteirinha': '1100234001',
      Produto: 'Plano do Login',
      Acomodação: 'APARTAMENTO',
      Sexo: NAO_INFORMADO,
    });
    const juntos = comDadosDoLogin({ ...MARIA, produto: '', sexo: 'm' }, usuario);
    expect(juntos.produto).toBe('Plano do Login');
    expect(juntos.sexo).toBe('m');
    expect(juntos.cns).toBe('700504839172315');
  });
});
