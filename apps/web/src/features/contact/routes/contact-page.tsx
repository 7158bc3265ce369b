import { OFFICE_HOURS } from '@kshop/contract';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ContactForm } from '../components/contact-form';
import './contact.css';

export function ContactPage() {
  const navigate = useNavigate();
  useDocumentTitle('Contact Us');
  return (
    <section className="contact-page container" aria-labelledby="contact-title">
      <h1 id="contact-title" className="contact-page__title">
        CONTACT US
      </h1>
      <p className="contact-page__lead">
        Questions about products, wholesale terms or an order? Write to us; we answer during office hours (
        {OFFICE_HOURS}).
      </p>
      <ContactForm onSubmitted={() => navigate('/')} />
    </section>
  );
}
