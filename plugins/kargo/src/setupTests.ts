import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// The shared CI machine is slow: user-event flows through material-table take
// seconds, and async queries need more than the default second under load.
jest.setTimeout(30000);
configure({ asyncUtilTimeout: 5000 });
