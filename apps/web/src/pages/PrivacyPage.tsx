import type { LegalSection } from '../components/LegalText';
import { LegalSectionsPage } from '../components/LegalSections';
import type { CompanyDetails } from '../lib/company';

const sections = (company: CompanyDetails): LegalSection[] => [
  {
    title: '1. Wie is verantwoordelijk?',
    paragraphs: [
      `${company.name}, gevestigd in ${company.city}, is verantwoordelijk voor de verwerking van je persoonsgegevens zoals beschreven in deze privacyverklaring. Je bereikt ons via ${company.email}.`,
    ],
  },
  {
    title: '2. Welke gegevens verwerken wij?',
    items: [
      'Contactgegevens: voornaam, achternaam, adres, postcode, woonplaats, land, telefoonnummer en emailadres.',
      'Gegevens voor je reis: geboortedatum, nationaliteit, geslacht en de samenstelling van je kamer.',
      'Gegevens voor je visum: paspoortnummer, geboorteplaats en -land, de geldigheid van je paspoort en een pasfoto.',
      'Bestel- en betaalgegevens: wat je hebt besteld, bedragen, betalingen en facturen.',
      'Berichten die je ons stuurt via het contactformulier, de mail of de chat.',
    ],
  },
  {
    title: '3. Waarvoor gebruiken wij je gegevens?',
    items: [
      'Om je bestelling uit te voeren: het boeken van vluchten, hotels en vervoer en het aanvragen van je visum.',
      'Om betalingen te verwerken en facturen te maken.',
      'Om contact met je op te nemen over je reis, bijvoorbeeld in de chatgroep die twee weken voor vertrek start.',
      'Om te voldoen aan wettelijke verplichtingen, zoals de fiscale bewaarplicht.',
    ],
  },
  {
    title: '4. Hoe lang bewaren wij je gegevens?',
    paragraphs: ['Wij bewaren je gegevens niet langer dan nodig is voor het doel waarvoor wij ze hebben verzameld:'],
    items: [
      'Verkoop- en transactiegegevens (bestellingen, betalingen, facturen): 7 jaar, vanwege de fiscale bewaarplicht.',
      'Persoonlijke contactgegevens: 2 jaar na je laatste bestelling of je laatste contact met ons.',
      'Paspoortgegevens en pasfoto’s: tot je visum is aangevraagd en je reis is afgerond.',
    ],
  },
  {
    title: '5. Met wie delen wij je gegevens?',
    paragraphs: [
      'Wij delen je gegevens alleen met partijen die ze nodig hebben om je reis uit te voeren: luchtvaartmaatschappijen, hotels, vervoerders, de instanties die je visum verstrekken en de betaalprovider die je online betaling verwerkt. Wij verkopen je gegevens nooit aan anderen.',
    ],
  },
  {
    title: '6. Kinderen jonger dan 16 jaar',
    paragraphs: [
      'Wij verwerken geen gegevens van kinderen jonger dan 16 jaar zonder toestemming van een ouder of voogd. Reist er een kind mee, dan geeft de ouder of voogd die de bestelling plaatst de gegevens van het kind door en geeft daarmee die toestemming.',
    ],
  },
  {
    title: '7. Cookies',
    paragraphs: [
      'Wij gebruiken alleen functionele cookies en lokale opslag in je browser: om je ingelogd te houden, je winkelwagen en je gekozen regio te onthouden en je keuze over cookies te bewaren. Wij gebruiken geen cookies om je te volgen of voor advertenties.',
    ],
  },
  {
    title: '8. Beveiliging',
    paragraphs: [
      'Wij nemen passende maatregelen om je gegevens te beschermen tegen verlies en onrechtmatig gebruik, zoals een versleutelde verbinding, versleuteld opgeslagen wachtwoorden en toegang voor alleen de medewerkers die de gegevens nodig hebben.',
    ],
  },
  {
    title: '9. Jouw rechten',
    paragraphs: [
      `Je hebt het recht je gegevens in te zien, te laten corrigeren of te laten verwijderen, bezwaar te maken tegen de verwerking en je gegevens over te laten dragen. Stuur je verzoek naar ${company.email}; wij reageren binnen vier weken. Je kunt een klacht indienen bij de Autoriteit Persoonsgegevens.`,
    ],
  },
];

export default function PrivacyPage() {
  return (
    <LegalSectionsPage
      title="Privacyverklaring"
      intro={(company) =>
        `${company.name} gaat zorgvuldig om met je persoonsgegevens. In deze privacyverklaring lees je welke gegevens wij verwerken, waarom, hoe lang wij ze bewaren en welke rechten je hebt.`
      }
      sections={sections}
      updated="november 2026"
    />
  );
}
