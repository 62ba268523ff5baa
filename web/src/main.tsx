import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createAppServices } from './api/services';
import './styles/base.css';

const services = createAppServices({ fetch: window.fetch.bind(window), storage: window.localStorage, win: window });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App services={services} />
    </BrowserRouter>
  </StrictMode>,
);
