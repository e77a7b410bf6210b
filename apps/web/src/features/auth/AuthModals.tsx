import { Modal } from '@mantine/core';
import '@mantine/dates/styles.css';
import type { AuthModalView } from './authModals';
import { EditAccountForm } from './EditAccountForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetRequestForm } from './ResetRequestForm';

const TITLES: Record<AuthModalView, string> = {
  login: 'Inloggen',
  register: 'Account aanmaken',
  account: 'Gegevens wijzigen',
  reset: 'Wachtwoord vergeten',
};

export default function AuthModals({ view, onClose }: { view: AuthModalView; onView: (view: AuthModalView) => void; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={TITLES[view]}
      size={view === 'login' || view === 'reset' ? 'md' : 'lg'}
      closeButtonProps={{ 'aria-label': 'Sluiten' }}
    >
      {view === 'login' && <LoginForm onSuccess={onClose} />}
      {view === 'register' && <RegisterForm onSuccess={onClose} />}
      {view === 'account' && <EditAccountForm onSuccess={onClose} />}
      {view === 'reset' && <ResetRequestForm />}
    </Modal>
  );
}
