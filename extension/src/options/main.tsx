import { createRoot } from 'react-dom/client';
import { OptionsApp } from './OptionsApp';
import './options.css';

createRoot(document.getElementById('root')!).render(<OptionsApp />);
