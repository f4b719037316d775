import { describe, expect, it } from 'vitest';
import { decidirResponsavel, MENSAGENS_RESPONSAVEL } from './responsavel';

// The owner's rule (decision 0055), apart from the database and HTTP.

const ANA = { id: 'ana', papel: 'atendente' as const };
const SUP = { id: 'sup', papel: 'supervisor' as const };

describe('decidirResponsavel', () => {
  it('anyone takes an unowned open protocol', () => {
    expect(decidirResponsavel({ acao: 'assumir', eu: ANA, dono: null, aberto: true })).toEqual({
      tipo: 'mudar',
      novo: 'ana',
      evento: 'equipe_assumiu_protocolo',
    });
  });

  it('taking my own again changes nothing', () => {
    expect(decidirResponsavel({ acao: 'assumir', eu: ANA, dono: 'ana', aberto: true })).toEqual({ tipo: 'nada' });
  });

  it("an attendant does not take someone else's (403)", () => {
    expect(decidirResponsavel({ acao: 'assumir', eu: ANA, dono: 'bia', aberto: true })).toEqual({
      tipo: 'recusar',
      status: 403,
      mensagem: MENSAGENS_RESPONSAVEL.deOutraPessoa,
    });
  });

  it("a supervisor takes someone else's", () => {
    expect(decidirResponsavel({ acao: 'assumir', eu: SUP, dono: 'bia', aberto: true })).toMatchObject({
      tipo: 'mudar',
      novo: 'sup',
    });
  });

  it('an attendant assigning to themselves is taking it', () => {
    expect(decidirResponsavel({ acao: 'atribuir', eu: ANA, dono: null, alvo: 'ana', aberto: true })).toEqual({
      tipo: 'mudar',
      novo: 'ana',
      evento: 'equipe_assumiu_protocolo',
    });
  });

  it('an attendant does not assign to someone else, even an unowned protocol (403)', () => {
    expect(decidirResponsavel({ acao: 'atribuir', eu: ANA, dono: null, alvo: 'bia', aberto: true })).toMatchObject({
      tipo: 'recusar',
      status: 403,
    });
  });

  it('a supervisor assigns to another person', () => {
    expect(decidirResponsavel({ acao: 'atribuir', eu: SUP, dono: 'ana', alvo: 'bia', aberto: true })).toEqual({
      tipo: 'mudar',
      novo: 'bia',
      evento: 'equipe_atribuiu_protocolo',
    });
  });

  it('an answered protocol is neither taken nor assigned (409)', () => {
    expect(decidirResponsavel({ acao: 'atribuir', eu: SUP, dono: null, alvo: 'bia', aberto: false })).toMatchObject({
      tipo: 'recusar',
      status: 409,
    });
  });

  it('an answered protocol is still released by its owner', () => {
    expect(decidirResponsavel({ acao: 'liberar', eu: ANA, dono: 'ana', aberto: false })).toEqual({
      tipo: 'mudar',
      novo: null,
      evento: 'equipe_liberou_protocolo',
    });
  });

  it("an attendant does not release someone else's (403); a supervisor does", () => {
    expect(decidirResponsavel({ acao: 'liberar', eu: ANA, dono: 'bia', aberto: true })).toMatchObject({
      status: 403,
    });
    expect(decidirResponsavel({ acao: 'liberar', eu: SUP, dono: 'bia', aberto: true })).toMatchObject({
      tipo: 'mudar',
      novo: null,
    });
  });
});
