import type { LegalSection } from '../components/LegalText';
import { LegalSectionsPage } from '../components/LegalSections';
import type { CompanyDetails } from '../lib/company';

const sections = (company: CompanyDetails): LegalSection[] => [
  {
    title: 'Artikel 1. Definities',
    paragraphs: [
      `In deze voorwaarden wordt verstaan onder "${company.name}", "wij" of "ons": de organisatie achter de website ${company.website}, gevestigd in ${company.city}. Onder "gebruiker" of "je": iedere persoon die de website bezoekt, een account aanmaakt of via de website een bestelling plaatst. Onder "website": ${company.website} en alle pagina's en diensten die daar te vinden zijn.`,
    ],
  },
  {
    title: 'Artikel 2. Toepasselijkheid',
    paragraphs: [
      'Deze voorwaarden gelden voor ieder bezoek aan en ieder gebruik van de website. Door de website te gebruiken ga je akkoord met deze voorwaarden. Voor de reizen, lessen en andere diensten die je bij ons boekt, gelden daarnaast de afspraken in de bevestiging van je bestelling.',
      'Wij mogen deze voorwaarden wijzigen. De versie die op de website staat op het moment dat je haar gebruikt, is van toepassing.',
    ],
  },
  {
    title: 'Artikel 3. Gebruik van de website',
    paragraphs: [
      'De informatie op de website stellen wij met zorg samen. Toch kan het gebeuren dat informatie onvolledig of niet meer actueel is. Aan kennelijke fouten, zoals een duidelijk verkeerde prijs, kun je geen rechten ontlenen.',
      'Je gebruikt de website niet op een manier die haar of andere gebruikers schaadt, bijvoorbeeld door het verspreiden van virussen, het verzamelen van gegevens van anderen of het omzeilen van de beveiliging.',
    ],
  },
  {
    title: 'Artikel 4. Account',
    paragraphs: [
      'Voor het afronden van een bestelling maak je een account aan. Je zorgt ervoor dat de gegevens die je opgeeft juist en volledig zijn, zodat wij je reis, visum en facturen correct kunnen verwerken.',
      'Je houdt je wachtwoord geheim. Alles wat met je account gebeurt, geldt als door jou gedaan, tenzij je ons direct laat weten dat iemand anders toegang heeft gekregen.',
    ],
  },
  {
    title: 'Artikel 5. Bestellingen en betalingen',
    paragraphs: [
      'Een bestelling komt tot stand zodra je haar via de website hebt afgerond en de betaling, of de aanbetaling van 50%, is gelukt. Alle prijzen zijn in euro en inclusief 21% btw, tenzij anders vermeld.',
      'Heb je een aanbetaling gedaan, dan betaal je het resterende bedrag uiterlijk op de betaaldatum die bij je reis staat. Je kunt de restbetaling doen via Account, Mijn bestellingen.',
    ],
  },
  {
    title: 'Artikel 6. Intellectueel eigendom',
    paragraphs: [
      `Alle teksten, afbeeldingen, logo's en andere inhoud van de website zijn eigendom van ${company.name} of van onze licentiegevers. Je mag ze bekijken en voor eigen gebruik bewaren, maar niet zonder onze schriftelijke toestemming verveelvoudigen, openbaar maken of voor commerciële doeleinden gebruiken.`,
    ],
  },
  {
    title: 'Artikel 7. Aansprakelijkheid',
    paragraphs: [
      'Wij doen ons best om de website goed te laten werken, maar kunnen niet garanderen dat zij altijd zonder onderbrekingen of fouten beschikbaar is.',
      `Is ${company.name} aansprakelijk voor schade door het gebruik van de website, dan is die aansprakelijkheid beperkt tot een bedrag van 25 euro per kalenderjaar. Deze beperking geldt niet bij opzet of bewuste roekeloosheid van ons.`,
      'Wij zijn niet aansprakelijk voor de inhoud van websites van derden waarnaar wij verwijzen.',
    ],
  },
  {
    title: 'Artikel 8. Toepasselijk recht en geschillen',
    paragraphs: [
      'Op deze voorwaarden en op het gebruik van de website is Nederlands recht van toepassing.',
      `Heb je een klacht, neem dan eerst contact met ons op via ${company.email}; wij zoeken graag samen een oplossing. Komen we er niet uit, dan legt de meest gerede partij het geschil voor aan de bevoegde rechter in Nederland.`,
    ],
  },
];

export default function TermsPage() {
  return (
    <LegalSectionsPage
      title="Algemene voorwaarden"
      intro={(company) =>
        `Dit zijn de voorwaarden voor het gebruik van de website van ${company.name}. Lees ze goed door; heb je vragen, mail ons dan op ${company.email}.`
      }
      sections={sections}
      updated="november 2026"
    />
  );
}
