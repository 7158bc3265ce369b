import { OFFICE_HOURS } from '@kshop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ContactForm } from '../components/contact-form';
import './contact.css';

export function ContactPage() {
  const navigate = useNavigate();
  const { t } = useLingui();
  useDocumentTitle(t`Contact Us`);
  return (
    <section className="contact-page container" aria-labelledby="contact-title">
      <h1 id="contact-title" className="contact-page__title">
        <Trans>CONTACT US</Trans>
      </h1>
      <p className="contact-page__lead">
        <Trans>
          Questions about products, wholesale terms or an order? Write to us; we answer during office hours (
          {OFFICE_HOURS}).
        </Trans>
      </p>
      <ContactForm onSubmitted={() => navigate('/')} />
    </section>
  );
}
