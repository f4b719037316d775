import type { CodeFlowTextos } from './envio-codigo';
import { textoDestino } from './envio-codigo';
import { mensagemErroRegistro } from './registro-erros';

/** docs/produto/acesso.md "Messages" texts of the registration code (login wizard and /cadastro). */
export const TEXTOS_REGISTRO: CodeFlowTextos = {
  enviado: (d) => ({ title: 'Código de verificação enviado', description: `Enviamos o código ${textoDestino(d)}.` }),
  erroEnvio: (e) => mensagemErroRegistro(e),
  validado: 'Verificação realizada com sucesso',
  erroValidacao: (e) => mensagemErroRegistro(e),
};
