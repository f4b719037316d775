import { zodResolver } from '@hookform/resolvers/zod';
import { formatCpf, formatDate, formatPhone, onlyDigits } from '@portal/br';
import {
  inscricaoFormSchema,
  PROGRAMAS_PREVENTIVOS,
  type FazerInscricaoResponse,
  type InscricaoForm,
} from '@portal/contract';
import { HeartPulse } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { ProtocoloInfo } from '@/components/membro/protocolo-info';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardIconTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MaskedInput, MASKS } from '@/components/ui/masked-input';
import { NativeSelect } from '@/components/ui/native-select';
import { isApiError } from '@/lib/api-client';
import { useChaveDeEnvio } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { mensagemDoErro } from '@/lib/query-errors';
import { useUsuario } from '@/lib/sessao-context';
import { toast } from '@/lib/toast';
import { useFazerInscricao } from '../api/fazer-inscricao';
import { SoComPlanoAtivo } from '@/components/membro/plano-cancelado';
import { useSituacaoDoPlano } from '@/lib/api/situacao-do-plano';

/** Read-only fields (docs/produto/medicina-preventiva.md, "Screens": name, CPF and birth date) look like what they are. */
const SO_LEITURA = 'read-only:border-slate-300 read-only:bg-slate-100 read-only:text-slate-800';

export function MedicinaPreventivaPage() {
  const situacao = useSituacaoDoPlano();
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Medicina Preventiva">
        <p className="max-w-2xl text-slate-700">
          Inscreva-se em um programa de acompanhamento preventivo. Nossa equipe de saúde entra em contato para combinar
          os próximos passos.
        </p>
      </PageHeader>
      {perfil ? (
        <SoComPlanoAtivo
          situacao={situacao}
          motivo="A inscrição em programas de medicina preventiva é para beneficiários com plano ativo."
        >
          <Formulario />
        </SoComPlanoAtivo>
      ) : (
        <PerfilInvalido />
      )}
    </div>
  );
}

/**
 * docs/produto/medicina-preventiva.md "Screens": name, CPF and birth date read-only and prefilled from the user;
 * phone prefilled and editable; city; programme. City and programme are cleared after success.
 */
function Formulario() {
  const usuario = useUsuario();
  const inscrever = useFazerInscricao();
  const chave = useChaveDeEnvio();
  const [feito, setFeito] = useState<FazerInscricaoResponse | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<InscricaoForm, unknown, z.output<typeof inscricaoFormSchema>>({
    resolver: zodResolver(inscricaoFormSchema),
    defaultValues: { telefone: formatPhone(usuario.celular), cidade: '', programa: '' },
  });

  const enviar = handleSubmit((v) => {
    const inscricao = {
      cpf: onlyDigits(usuario.cpf),
      nome: usuario.nome,
      dataNascimento: usuario.dataNascimento,
      cidade: v.cidade,
      telefone: v.telefone,
      programa: v.programa,
    };
    setFeito(null);
    inscrever.mutate(
      { inscricao, chave: chave.para(inscricao) },
      {
        onSuccess: (r) => {
          chave.concluir();
          toast.success('Inscrição realizada com sucesso!', { description: 'Entraremos em contato em breve.' });
          setFeito(r);
          reset({ telefone: getValues('telefone'), cidade: '', programa: '' });
        },
        onError: (e) => {
          if (isApiError(e) && e.kind === 'http')
            toast.error('Erro na inscrição', {
              description: e.serverMessage ?? 'Não foi possível concluir a inscrição.',
            });
          else toast.error('Erro inesperado', { description: mensagemDoErro(e) });
        },
      },
    );
  });

  return (
    <div className="grid max-w-3xl gap-6">
      {feito ? (
        <Alert variant="success" title="Inscrição realizada com sucesso!">
          <p>Entraremos em contato em breve.</p>
          <ProtocoloInfo protocolo={feito.protocolo} prazoResposta={feito.prazoResposta} className="mt-3 bg-white" />
        </Alert>
      ) : null}
      <Card aria-labelledby="inscricao-titulo">
        <CardIconTitle
          id="inscricao-titulo"
          className="mb-4"
          icone={<HeartPulse aria-hidden="true" className="size-6" />}
        >
          Inscrição
        </CardIconTitle>
        <form noValidate onSubmit={enviar} className="grid gap-4 sm:grid-cols-2">
          <FormField label="Nome" className="sm:col-span-2">
            {(c) => <Input {...c} value={usuario.nome} readOnly className={SO_LEITURA} />}
          </FormField>
          <FormField label="CPF">
            {(c) => <Input {...c} value={formatCpf(usuario.cpf)} readOnly className={SO_LEITURA} />}
          </FormField>
          <FormField label="Data de nascimento">
            {(c) => (
              <Input
                {...c}
                value={usuario.dataNascimento ? formatDate(usuario.dataNascimento) : ''}
                readOnly
                className={SO_LEITURA}
              />
            )}
          </FormField>
          <FormField label="Telefone" error={errors.telefone?.message}>
            {(c) => (
              <MaskedInput
                {...c}
                {...register('telefone')}
                mask={MASKS.celular}
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="(00) 00000-0000"
              />
            )}
          </FormField>
          <FormField label="Cidade" error={errors.cidade?.message}>
            {(c) => <Input {...c} {...register('cidade')} autoComplete="address-level2" maxLength={80} />}
          </FormField>
          <FormField label="Programa" error={errors.programa?.message} className="sm:col-span-2">
            {(c) => (
              <NativeSelect {...c} {...register('programa')}>
                <option value="">Selecione um programa</option>
                {PROGRAMAS_PREVENTIVOS.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={inscrever.isPending} aria-busy={inscrever.isPending || undefined}>
              {inscrever.isPending ? 'Enviando...' : 'Enviar Inscrição'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
