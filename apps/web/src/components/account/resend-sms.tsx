import { RotateCcw } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useReenviarSms } from '@/lib/account/reenviar-sms';
import { isApiError } from '@/lib/api-client';
import { segundosDeEspera } from '@/lib/account/registro-erros';
import { LIMITES_WEB } from '@/lib/config';
import { formatarContagem, type useCountdown } from '@/lib/use-countdown';

/** 'Reenviar código' for the SMS registration code, blocked while the 120 s wait runs. */
export function ResendSms({ cpf, countdown }: { cpf: string; countdown: ReturnType<typeof useCountdown> }) {
  const reenviar = useReenviarSms();
  const onClick = async () => {
    try {
      const res = await reenviar.run(cpf);
      if (res.sucesso) {
        countdown.start(LIMITES_WEB.reenvioCodigoSegundos);
        toast.success('Código reenviado', { description: 'Novo código enviado para seu celular.' });
      } else {
        if (res.aguardarSegundos) countdown.start(res.aguardarSegundos);
        toast.error('Erro ao reenviar código', { description: res.erro || 'Erro ao reenviar SMS.' });
      }
    } catch (e) {
      const espera = segundosDeEspera(e);
      if (espera) countdown.start(espera);
      toast.error('Erro ao reenviar código', {
        description: (isApiError(e) && e.serverMessage) || 'Erro ao reenviar SMS.',
      });
    }
  };
  return (
    <div className="space-y-1 text-center">
      <Button variant="ghost" disabled={countdown.ativo || reenviar.isPending} onClick={onClick}>
        <RotateCcw aria-hidden="true" />
        {reenviar.isPending ? 'Reenviando...' : 'Reenviar código'}
      </Button>
      {countdown.ativo ? (
        <p className="text-sm text-slate-700" aria-live="off">
          Você poderá pedir um novo código em {formatarContagem(countdown.segundos)}.
        </p>
      ) : null}
    </div>
  );
}
