// Broken on purpose: a feature imports a page (features/ is below pages/).
import { HomePage } from '../../pages/HomePage';

export const page = HomePage;
