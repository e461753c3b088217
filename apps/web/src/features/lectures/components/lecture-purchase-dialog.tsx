import { useState } from 'react';
import type { Lecture, PayType, PurchaseBody } from '@dars/contract';
import type { Message } from '../../../components/message-bar';
import { PurchaseDialog } from '../../../components/purchase-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useAppSettings } from '../../../lib/app-settings-context';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { usePurchaseLecture } from '../api/purchase-lecture';
import { lectureState } from '../lib/lecture-state';
import { lecturePurchaseErrorMessage } from '../lib/purchase-messages';

/**
 * The lecture purchase dialog (spec §2): free lectures need nothing, others are paid from
 * the wallet or with a pay card; the §8 texts for every refusal, the success text after.
 */
export function LecturePurchaseDialog({
  lecture,
  payType,
  onClose,
  onPurchased,
}: {
  lecture: Lecture;
  payType: PayType;
  onClose: () => void;
  /** With the lecture as the server answered it, now purchased. */
  onPurchased: (lecture: Lecture) => void;
}) {
  const purchase = usePurchaseLecture(lecture.id);
  const showSnackbar = useSnackbar();
  const { user, updateUser } = useSession();
  const { enable_wallet_system, recharge_info } = useAppSettings();
  const [message, setMessage] = useState<Message | null>(null);
  const state = lectureState(lecture, payType);

  const submit = async (body: PurchaseBody) => {
    setMessage(null);
    try {
      const { data, balance } = await purchase.mutateAsync(body);
      // The answer carries the new balance: show it at once, before the user is refetched.
      updateUser((current) => ({ ...current, balance }));
      showSnackbar(t('lectures.purchaseDone'));
      onPurchased(data);
    } catch (error) {
      setMessage({ text: lecturePurchaseErrorMessage(error), severity: 'error' });
    }
  };

  return (
    <PurchaseDialog
      open
      title={t('lectures.purchaseTitle')}
      itemName={lecture.name}
      price={state.price}
      free={state.free}
      balance={user?.balance ?? null}
      walletEnabled={enable_wallet_system}
      minRecharge={recharge_info.min_recharge_amount}
      paycardAllowed={!lecture.paycard_disabled}
      busy={purchase.isPending}
      message={message}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
