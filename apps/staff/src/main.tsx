import './zod-jitless';
import '@dars/ui/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StaffApp } from './app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StaffApp />
  </StrictMode>,
);
